import { NO_VALIDATION } from '@signet/contracts';
import { pageTexts } from './page-texts';
import { renderSignerPage, type SignerPageView } from './render-signer-page';

const OFF = { required: false, order: 0, verified: false, verified_at: null };
/** A gate asking for the given channels, as the validation part answers it. */
const gate = (channels: { email?: [order: number, verified: boolean]; sms?: [order: number, verified: boolean] }): SignerPageView['gate'] => {
  const of = (setting?: [number, boolean]) => (setting ? { required: true, order: setting[0], verified: setting[1], verified_at: null } : OFF);
  const summary = { email: of(channels.email), sms: of(channels.sms) };
  const identity = { id_check: NO_VALIDATION.channels.id_check, biometric: NO_VALIDATION.channels.biometric };
  const required = Object.values(summary).filter((channel) => channel.required);
  const waiting = required.filter((channel) => !channel.verified);
  return { required: required.length > 0, verified: waiting.length === 0, verified_at: null, order: Math.min(...(waiting.length ? waiting : required).map((channel) => channel.order), 1), channels: { ...summary, ...identity }, identity_consent: NO_VALIDATION.identity_consent };
};

const view = (changes: Partial<SignerPageView> = {}): SignerPageView => ({
  texts: pageTexts('EN'),
  brand: { name: 'Acme <Legal>', logo: 'https://cdn.example.com/logo.png?a=1&b="2"', homepage: null, color: '#1d4ed8' },
  title: '<script>alert(1)</script>',
  state: 'READY',
  token: 'tok"en',
  gate: gate({}),
  signatureTypes: ['WRITTEN', 'DRAWN'],
  signatureColor: '#0000ff',
  signerName: 'Ana "Lima"',
  maskedPhone: '+34 ••••78',
  ending: { rejectedByYou: false, preparing: false, signedEmail: true, signedCopies: [] },
  embed: { origins: [], redirectUrl: null, envelopeId: 'env-1', recipientId: 'rec-1' },
  identity: { sender: 'Acme <Legal>', days: 30, kinds: ['PASSPORT', 'ID_CARD', 'DRIVING_LICENCE'] },
  ...changes
});

describe('renderSignerPage', () => {
  it('escapes everything the envelope and link supply', () => {
    const html = renderSignerPage(view());
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Acme &lt;Legal&gt;');
    expect(html).toContain('src="https://cdn.example.com/logo.png?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain('data-token="tok&quot;en"');
  });

  it('takes the branding colour from a style sheet named by it, inline nothing', () => {
    const html = renderSignerPage(view({ brand: { name: null, logo: null, homepage: null, color: '#0a7c3e' } }));
    expect(html).toContain('<link rel="stylesheet" href="/sign/accent/0a7c3e.css">');
    expect(html).not.toMatch(/<style|style="/);
  });

  it('links the logo to branding.url_homepage (escaped, new tab, no opener or referrer), and nothing without it', () => {
    const homepage = 'https://acme.example/?a=1&b="2"';
    const linked = renderSignerPage(view({ brand: { name: 'Acme <Legal>', logo: 'https://cdn.example.com/logo.png', homepage, color: '#1d4ed8' } }));
    expect(linked).toContain('<a class="brand-link" href="https://acme.example/?a=1&amp;b=&quot;2&quot;" target="_blank" rel="noopener noreferrer">'
      + '<img class="logo" src="https://cdn.example.com/logo.png" alt="Acme &lt;Legal&gt;"></a><span class="brand-name">Acme &lt;Legal&gt;</span>');
    expect(linked).not.toContain('b="2"');
    const unlinked = renderSignerPage(view());
    expect(unlinked).not.toContain('<a ');
    expect(unlinked).toContain('<img class="logo" src="https://cdn.example.com/logo.png?a=1&amp;b=&quot;2&quot;" alt="">');
  });

  it('links the branding name instead when there is no logo, and shows no empty link with neither', () => {
    const nameOnly = renderSignerPage(view({ brand: { name: 'Acme <Legal>', logo: null, homepage: 'https://acme.example/', color: '#1d4ed8' } }));
    expect(nameOnly).toContain('<header class="brand"><a class="brand-link" href="https://acme.example/" target="_blank" rel="noopener noreferrer">'
      + '<span class="brand-name">Acme &lt;Legal&gt;</span></a></header>');
    const neither = renderSignerPage(view({ brand: { name: null, logo: null, homepage: 'https://acme.example/', color: '#1d4ed8' } }));
    expect(neither).toContain('<header class="brand"></header>');
    expect(neither).not.toContain('acme.example');
  });

  it('offers only the allowed signature types, and no script or form unless READY', () => {
    const ready = renderSignerPage(view());
    expect(ready).toContain('value="WRITTEN"');
    expect(ready).toContain('id="pad"');
    expect(ready).not.toContain('value="UPLOADED"');
    const waiting = renderSignerPage(view({ state: 'NOT_YOUR_TURN', texts: pageTexts('ES') }));
    expect(waiting).toContain('<html lang="es">');
    expect(waiting).toContain('Aún no es su turno');
    // Only the small state script (embedding events), never the signing one.
    expect(waiting).not.toContain('signer-page.js');
    expect(waiting).toContain('src="/sign/assets/state-page.js"');
    expect(waiting).not.toContain('id="sign"');
  });

  it('serves every action button disabled, for the script to enable once it handles the click', () => {
    const html = renderSignerPage(view({ gate: gate({ email: [1, false] }) }));
    for (const button of ['send-code', 'verify-code', 'sign', 'reject-open', 'reject']) expect(html).toMatch(new RegExp(`id="${button}"[^>]* disabled`));
  });

  it('puts the code step before the documents (order 0) or before the signature (order 1), and hides the documents only for order 0', () => {
    const before = renderSignerPage(view({ gate: gate({ email: [0, false] }) }));
    expect(before.indexOf('id="code-step"')).toBeLessThan(before.indexOf('id="documents"'));
    expect(before).toContain('<div id="documents" hidden>');
    const after = renderSignerPage(view({ gate: gate({ email: [1, false] }) }));
    expect(after.indexOf('id="code-step"')).toBeGreaterThan(after.indexOf('id="documents"'));
    expect(after.indexOf('id="code-step"')).toBeLessThan(after.indexOf('id="finish"'));
    // Only the code is asked until it passes: the signature, consent and reject wait in a hidden card.
    expect(after).toContain('<section id="finish" class="card" aria-labelledby="finish-title" hidden>');
    expect(renderSignerPage(view({ gate: gate({ email: [1, true] }) }))).not.toContain('id="code-step"');
  });

  it('asks for one channel at a time, order 0 first, saying when another follows, with the SMS texts for SMS', () => {
    const both = renderSignerPage(view({ gate: gate({ email: [1, false], sms: [0, false] }) }));
    expect(both).toContain('data-channel="sms" data-more="true"');
    expect(both).toContain('Text me a code');
    expect(both).toContain('<div id="documents" hidden>');
    const emailLeft = renderSignerPage(view({ gate: gate({ email: [1, false], sms: [0, true] }) }));
    expect(emailLeft).toContain('data-channel="email" data-more="false"');
    expect(emailLeft.indexOf('id="code-step"')).toBeGreaterThan(emailLeft.indexOf('id="documents"'));
    expect(emailLeft).not.toContain('<div id="documents" hidden>');
    expect(renderSignerPage(view({ gate: gate({ email: [0, true], sms: [1, true] }) }))).not.toContain('id="code-step"');
  });

  it('names the phone of the SMS step masked, in the page\'s language', () => {
    const en = renderSignerPage(view({ gate: gate({ sms: [0, false] }) }));
    expect(en).toContain('<p>We text a 6-digit code to your phone, +34 ••••78; enter it here to continue.</p>');
    expect(en).toContain('data-sent="Code sent by text message to +34 ••••78."');
    const es = renderSignerPage(view({ gate: gate({ sms: [0, false] }), texts: pageTexts('ES') }));
    expect(es).toContain('data-sent="Código enviado por SMS al +34 ••••78."');
  });

  it('shows a loading message from the first paint and pre-fills the typed signature with the recipient name', () => {
    const html = renderSignerPage(view());
    expect(html).toMatch(/<p id="loading" class="loading" role="status">.*Loading the documents/);
    expect(html).toContain('id="typed-name" maxlength="100" autocomplete="name" value="Ana &quot;Lima&quot;"');
  });

  it('says what happens next on finished links, offers the signed copy once complete, and who to contact', () => {
    const signed = renderSignerPage(view({ state: 'ALREADY_SIGNED' }));
    expect(signed).toContain('we will email you the signed copy');
    const preparing = renderSignerPage(view({ state: 'ALREADY_SIGNED', ending: { rejectedByYou: false, preparing: true, signedEmail: true, signedCopies: [] } }));
    expect(preparing).toContain('data-preparing="true"');
    const complete = renderSignerPage(view({ state: 'COMPLETED', ending: { rejectedByYou: false, preparing: false, signedEmail: false, signedCopies: [{ id: 'doc-1', name: 'a<b>.pdf' }] } }));
    expect(complete).toContain('<a class="download" href="/signing/v1/tok%22en/documents/doc-1" download="a&lt;b&gt;.pdf">a&lt;b&gt;.pdf</a>');
    const voided = renderSignerPage(view({ state: 'VOIDED', brand: { name: 'Acme', logo: null, homepage: 'https://acme.example/', color: '#1d4ed8' } }));
    expect(voided).toContain('Contact <a class="brand-link" href="https://acme.example/" target="_blank" rel="noopener noreferrer">Acme</a>.');
    expect(renderSignerPage(view({ state: 'VOIDED', brand: { name: null, logo: null, homepage: null, color: '#1d4ed8' }, texts: pageTexts('ES') }))).toContain('Contacte a quien se lo envió');
    const mine = renderSignerPage(view({ state: 'REJECTED', ending: { rejectedByYou: true, preparing: false, signedEmail: true, signedCopies: [] } }));
    expect(mine).toContain('You rejected this envelope. The sender has been told');
  });
});
