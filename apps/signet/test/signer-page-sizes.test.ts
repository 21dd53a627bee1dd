import { languageFlows } from './browser/language-flows';
import { casePage, sharedSignerPages, type SignerPageCase } from './browser/signer-pages';
import { signerPageFlows } from './browser/signer-page-suite';

/**
 * Every path of the signer page in Spanish on a desktop and in English on a phone (the other two cases:
 * signer-page.test.ts), and the page in each of the 15 languages. One Signet and one Chromium serve the
 * whole file; the two files run side by side.
 */
const CASES: SignerPageCase[] = [['ES', 'desktop'], ['EN', 'phone']];

describe('the signer page in headless Chromium', () => {
  const shared = sharedSignerPages();

  describe.each(CASES)('in %s on a %s', (language, size) => {
    signerPageFlows(shared, casePage(shared, size), language, size);
  });

  describe('in every language, at phone size', () => languageFlows(shared));
});
