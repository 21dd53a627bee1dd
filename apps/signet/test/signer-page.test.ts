import { fieldFitFlow } from './browser/field-fit-flow';
import { fieldFlow } from './browser/field-flows';
import { casePage, sharedSignerPages, type SignerPageCase } from './browser/signer-pages';
import { signerPageFlows } from './browser/signer-page-suite';

/**
 * Every path of the signer page, and every field type filled by keyboard, in English on a desktop and in
 * Spanish on a phone (the other two cases, and every language: signer-page-sizes.test.ts). One Signet
 * and one Chromium serve the whole file; the two files run side by side.
 */
const CASES: SignerPageCase[] = [['EN', 'desktop'], ['ES', 'phone']];

describe('the signer page in headless Chromium', () => {
  const shared = sharedSignerPages();

  describe.each(CASES)('in %s on a %s', (language, size) => {
    const tab = casePage(shared, size);
    signerPageFlows(shared, tab, language, size);
    fieldFlow(shared, tab, language, size);
    if (language === 'EN') fieldFitFlow(shared, tab);
  });
});
