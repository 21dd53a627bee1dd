import { NO_VALIDATION, type IdentityGateStatus } from '@signet/contracts';
import { pageTexts } from './page-texts';
import { nextGateStep } from './render-ready-body';
import { renderSignerPage, type SignerPageView } from './render-signer-page';

type Identity = Partial<IdentityGateStatus> & { order?: number };

/** A gate with the given codes and identity checks, as the validation part answers it. */
function gate(options: { email?: [number, boolean]; idCheck?: Identity; biometric?: Identity; consented?: boolean } = {}): SignerPageView['gate'] {
  const off = NO_VALIDATION.channels;
  const identity = (changes: Identity | undefined, base: IdentityGateStatus): IdentityGateStatus =>
    (changes ? { ...base, required: true, order: 0, status: 'PENDING', attempts_left: 3, ...changes, verified: changes.status === 'PASSED' } : base);
  const channels = {
    email: options.email ? { required: true, order: options.email[0], verified: options.email[1], verified_at: null } : off.email,
    sms: off.sms,
    id_check: identity(options.idCheck, off.id_check),
    biometric: identity(options.biometric, off.biometric)
  };
  const required = Object.values(channels).filter((channel) => channel.required);
  const waiting = required.filter((channel) => !channel.verified);
  return {
    required: required.length > 0, verified: required.length > 0 && waiting.length === 0, verified_at: null,
    order: Math.min(...(waiting.length ? waiting : required).map((channel) => channel.order), 1),
    channels,
    identity_consent: { required: Boolean(options.idCheck ?? options.biometric), version: '2026-11-29', given_at: options.consented ? '2026-11-29T10:00:00.000Z' : null }
  };
}

const view = (changes: Partial<SignerPageView> = {}): SignerPageView => ({
  texts: pageTexts('EN'),
  brand: { name: 'Acme <Legal>', logo: null, homepage: null, color: '#1d4ed8' },
  title: 'Contract',
  state: 'READY',
  token: 'tok',
  gate: gate(),
  signatureTypes: ['WRITTEN'],
  signatureColor: '#000000',
  signerName: 'Eileen Collins',
  maskedPhone: null,
  ending: { rejectedByYou: false, preparing: false, signedEmail: true, signedCopies: [] },
  embed: { origins: [], redirectUrl: null, envelopeId: 'env-1', recipientId: 'rec-1' },
  identity: { sender: 'Acme <Legal>', days: 30, kinds: ['PASSPORT', 'DRIVING_LICENCE'] },
  ...changes
});

const both = { idCheck: {}, biometric: {} };

describe('the signer page\'s identity steps', () => {
  it('orders the gates: order 0 before order 1, and within one the codes, the consent once, the document, then the selfie', () => {
    expect(nextGateStep(gate({ email: [0, false], ...both }))).toMatchObject({ kind: 'code', channel: 'email', order: 0, more: true });
    expect(nextGateStep(gate({ email: [0, true], ...both }))).toMatchObject({ kind: 'consent', order: 0 });
    expect(nextGateStep(gate({ ...both, consented: true }))).toMatchObject({ kind: 'document', order: 0, more: true });
    expect(nextGateStep(gate({ idCheck: { status: 'PASSED' }, biometric: {}, consented: true }))).toMatchObject({ kind: 'selfie', order: 0, more: false });
    // Identity at order 0 comes before an email code at order 1; an identity step at order 1 after a code at order 1.
    expect(nextGateStep(gate({ email: [1, false], ...both }))).toMatchObject({ kind: 'consent', order: 0 });
    expect(nextGateStep(gate({ email: [1, false], idCheck: { order: 1 }, biometric: { order: 1 } }))).toMatchObject({ kind: 'code', order: 1, more: true });
    // The selfie compares with the document's photo: a selfie at order 0 still waits for the document.
    expect(nextGateStep(gate({ idCheck: { order: 1 }, biometric: { order: 0 }, consented: true }))).toMatchObject({ kind: 'document', order: 0, more: true });
    expect(nextGateStep(gate({ idCheck: { status: 'PASSED' }, biometric: { status: 'PASSED' }, consented: true }))).toBeNull();
  });

  it('asks for consent before the documents, in the consent keys\' words with the envelope\'s values, escaped, and hides everything else', () => {
    const html = renderSignerPage(view({ gate: gate(both) }));
    expect(html).toContain('data-step="consent"');
    expect(html).toContain('data-version="2026-11-29"');
    expect(html).toContain('<h2 id="identity-title" tabindex="-1">Verify your identity</h2>');
    expect(html).toContain('<p>Acme &lt;Legal&gt; asks you to prove who you are before you sign.');
    expect(html).toContain('deleted 30 days after the check');
    // Local checks run on the sender's own Signet: the consent names them.
    expect(html).toContain('<p>The checks are done by Acme &lt;Legal&gt;. Acme &lt;Legal&gt; sees the outcome, never your photos.</p>');
    expect(html).toMatch(/id="consent-agree" class="primary" disabled>I agree to the identity check</);
    expect(html).toMatch(/id="consent-decline" class="quiet" disabled>I do not agree \(reject the envelope\)</);
    // Declining is confirmed, as rejecting is, and says what it does.
    expect(html).toContain('<h2 id="decline-title">Reject the envelope?</h2>');
    expect(html).toContain('id="decline" class="danger">Reject the envelope</button>');
    expect(html.indexOf('id="identity-step"')).toBeLessThan(html.indexOf('id="documents"'));
    expect(html).toContain('<div id="documents" hidden>');
    expect(html).toContain('<section id="finish" class="card" aria-labelledby="finish-title" hidden>');
  });

  it('names Stripe as who runs the checks when it is the provider, and sends the signer there', () => {
    const stripe = { provider: 'stripe' as const };
    expect(renderSignerPage(view({ gate: gate({ idCheck: stripe, biometric: stripe }) }))).toContain('The checks are done by Stripe. Acme &lt;Legal&gt; sees the outcome');
    const step = renderSignerPage(view({ gate: gate({ idCheck: stripe, biometric: stripe, consented: true }) }));
    expect(step).toContain('data-provider="Stripe" data-waiting="false"');
    expect(step).toMatch(/id="provider-start" class="primary" disabled>Continue to Stripe</);
    expect(step).not.toContain('id="camera-open"');
    expect(renderSignerPage(view({ gate: gate({ idCheck: { ...stripe, status: 'IN_PROGRESS' }, biometric: stripe, consented: true }) }))).toContain('data-waiting="true"');
  });

  it('asks for the document by camera (rear, with a frame guide) or upload, listing the accepted kinds', () => {
    const html = renderSignerPage(view({ gate: gate({ ...both, consented: true }) }));
    expect(html).toContain('data-step="document"');
    expect(html).toContain('<li>Passport: the page with your photo and the lines of characters at the bottom</li><li>Driving licence from the United States or Canada: the back, with the barcode</li>');
    expect(html).not.toContain('<li>Identity card');
    expect(html).toMatch(/id="camera-open" class="primary" disabled>Use the camera</);
    expect(html).toMatch(/id="upload-open" disabled>Upload a photo<\/button><input type="file" id="upload-file" accept="image\/\*" hidden>/);
    expect(html).toContain('<div id="camera" class="camera" data-facing="environment" hidden>');
    expect(html).toContain('<div class="frame-guide document" aria-hidden="true">');
    expect(html).toContain('alt="Your photo of the document"');
    // The script's texts travel with the step: every reason code's message, the plural by category.
    const messages = JSON.parse(/data-messages="([^"]*)"[^>]*>\s*<h2 id="identity-title"/.exec(html)?.[1]?.replace(/&quot;/g, '"').replace(/&#39;/g, '\'').replace(/&amp;/g, '&') ?? '{}');
    expect(messages['identity.reason.NAME_MISMATCH']).toContain('does not match the name you were invited under');
    expect(messages['identity.page.attemptsLeft']).toEqual({ one: '{left} attempt left.', other: '{left} attempts left.' });
    expect(messages['identity.page.providerStart']).toBe('Continue to {processor}');
  });

  it('says where the last attempt left the check, and only that once it is locked', () => {
    const failed = renderSignerPage(view({ gate: gate({ idCheck: { status: 'FAILED', attempts_left: 1 }, biometric: {}, consented: true }) }));
    expect(failed).toContain('<p class="identity-standing">Your last attempt was not accepted. 1 attempt left.</p>');
    const why = renderSignerPage(view({ gate: gate({ idCheck: { status: 'FAILED', attempts_left: 1, reasons: ['DOCUMENT_EXPIRED', 'NOT_A_CODE'] }, biometric: {}, consented: true }) }));
    expect(why).toContain('<p class="identity-standing">This document has expired. Use one that is still valid. 1 attempt left.</p>');
    const locked = renderSignerPage(view({ gate: gate({ idCheck: { status: 'LOCKED', attempts_left: 0 }, biometric: {}, consented: true }) }));
    expect(locked).toContain('Every attempt has been used. Ask the sender to reset the check');
    expect(locked).not.toContain('id="camera-open"');
    const expired = renderSignerPage(view({ gate: gate({ idCheck: { status: 'PASSED' }, biometric: { status: 'EXPIRED', attempts_left: 2 }, consented: true }) }));
    expect(expired).toContain('Your last attempt was not finished in time. Start again. 2 attempts left.');
  });

  it('takes the selfie with the front camera, mirrored on screen, and no upload', () => {
    const html = renderSignerPage(view({ gate: gate({ idCheck: { status: 'PASSED' }, biometric: {}, consented: true }) }));
    expect(html).toContain('data-step="selfie"');
    expect(html).toContain('<div id="camera" class="camera" data-facing="user" hidden>');
    expect(html).toContain('<div class="viewfinder mirrored">');
    expect(html).toContain('<div class="frame-guide face" aria-hidden="true">');
    expect(html).not.toContain('id="upload-open"');
    expect(html).toContain('Look straight at the camera with your face inside the oval, then take the photo.');
  });

  it('puts identity steps of order 1 after the documents, which show', () => {
    const html = renderSignerPage(view({ gate: gate({ idCheck: { order: 1 }, biometric: { order: 1 }, consented: true }) }));
    expect(html).not.toContain('<div id="documents" hidden>');
    expect(html.indexOf('id="identity-step"')).toBeGreaterThan(html.indexOf('id="documents"'));
    expect(html.indexOf('id="identity-step"')).toBeLessThan(html.indexOf('id="finish"'));
  });

  it('reloads after a code when identity steps follow it', () => {
    expect(renderSignerPage(view({ gate: gate({ email: [0, false], ...both }) }))).toContain('data-channel="email" data-more="true"');
  });

  it('speaks the page\'s language, right to left in Arabic', () => {
    const html = renderSignerPage(view({ texts: pageTexts('AR'), gate: gate({ ...both, consented: true }) }));
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('التقط صورة لوثيقة هويتك');
    expect(html).toContain('استخدام الكاميرا');
    expect(html).not.toContain('Use the camera');
  });
});
