import { NO_VALIDATION } from '@signet/contracts';
import { sampleSettings } from '@signet/contracts/src/test-samples';
import { disclosureFor } from '../consumer-consent/disclosure';
import { pageTexts } from './page-texts';
import { renderSignerPage, type SignerPageView } from './render-signer-page';

const settings = { ...sampleSettings(), branding: { ...sampleSettings().branding, name: 'Acme <Legal>' } };

const view = (changes: Partial<SignerPageView> = {}): SignerPageView => ({
  texts: pageTexts('EN'),
  brand: { name: 'Acme <Legal>', logo: null, homepage: null, color: '#1d4ed8' },
  title: 'Lease',
  state: 'READY',
  token: 'tok"en',
  gate: NO_VALIDATION,
  signatureTypes: ['WRITTEN'],
  signatureColor: '#000000',
  signerName: 'Ana Lima',
  maskedPhone: null,
  ending: { rejectedByYou: false, preparing: false, signedEmail: true, signedCopies: [] },
  embed: { origins: [], redirectUrl: null, envelopeId: 'env-1', recipientId: 'rec-1' },
  identity: { sender: 'Acme <Legal>', days: 30, kinds: [] },
  consumerConsent: disclosureFor(settings, 'EN'),
  ...changes
});

describe('the signer page while consent to electronic records is due', () => {
  it('shows the disclosure alone: its sections, the consent document, the code, I agree and the decline; nothing of the documents', () => {
    const html = renderSignerPage(view());
    expect(html).toContain('<h2 id="consumer-consent-title">Consent to electronic records and signatures</h2>');
    for (const heading of ['Paper copies', 'Withdrawing your consent', 'Updating your contact details', 'What you need']) expect(html).toContain(`<h3>${heading}</h3>`);
    expect(html).toContain('Acme &lt;Legal&gt;');
    expect(html).toContain('legal@example.com');
    expect(html).toContain('href="/signing/v1/tok%22en/consent/document" target="_blank" rel="noopener"');
    expect(html).toContain('<label for="consent-code">Code from the consent document</label>');
    expect(html).toContain('id="consent-agree" class="primary" disabled>I agree to use electronic records and signatures</button>');
    expect(html).toContain('id="consent-withdraw"');
    expect(html).toContain('<dialog id="withdraw-dialog"');
    expect(html).toContain('<script type="module" src="/sign/assets/consumer-consent.js"></script>');
    for (const absent of ['id="documents"', 'id="finish"', 'signer-page.js', 'pdf.min.mjs']) expect(html).not.toContain(absent);
  });

  it('offers a VIEWER the agreement only: they have nothing to reject', () => {
    const html = renderSignerPage(view({ role: 'VIEWER' }));
    expect(html).toContain('id="consent-agree"');
    expect(html).not.toContain('consent-withdraw');
    expect(html).not.toContain('withdraw-dialog');
  });

  it('is in the recipient\'s language, right to left in Arabic', () => {
    const html = renderSignerPage(view({ texts: pageTexts('AR'), consumerConsent: disclosureFor(settings, 'AR') }));
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('الموافقة على السجلات والتوقيعات الإلكترونية');
  });
});
