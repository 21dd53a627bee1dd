import { makePassport, makeSelfie, portraitImages } from '@signet/identity/testing';
import { stripeSignatureHeader, type StripeIdentityStandIn } from '@signet/testkit';
import type { Capture } from './capture';
import type { Json } from './recorder';

/** A recipient's signing token, from the recipient.link_generated the receiver got. */
async function tokenOf({ receiver }: Capture, envelopeId: string): Promise<string> {
  const link = await receiver.waitFor('recipient.link_generated', (data: Json) => data.envelope_id === envelopeId);
  return String(link.data.signing_url).split('/sign/')[1] as string;
}

const eileen = { name: 'Eileen Marie Collins', email: 'eileen@example.com' };

async function sentWithIdentity(capture: Capture, name: string, provider: 'local' | 'stripe', maxAttempts = '3'): Promise<{ id: string; recipientId: string; token: string }> {
  const { api, pdf } = capture;
  const created = await api.call('POST /api/v1/envelopes', 200, {
    form: {
      name, documents: { loan: { name: 'loan.pdf', base64: pdf.toString('base64') } }, recipients: { eileen },
      settings: { validations: { id_check: { enabled: 'TRUE', provider, max_attempts: maxAttempts }, biometric: { enabled: 'TRUE', provider, max_attempts: maxAttempts } } }
    }
  });
  const envelope = created.body.envelope;
  await api.call('POST /api/v1/envelopes/:id/send_invitation', 200, { params: { id: envelope.id } });
  return { id: envelope.id, recipientId: envelope.envelope_signers[0].id, token: await tokenOf(capture, envelope.id) };
}

/**
 * Eileen proves who she is on the signing API: consent, a passport (a bad photo refused, a wrong one failed,
 * hers passed), a selfie; the sender reads the record, resets and passes a check by hand, erases the
 * images, and records an assertion on another envelope. Then a Stripe Identity session, verified by its webhook.
 */
export async function captureIdentity(capture: Capture, stripe: StripeIdentityStandIn): Promise<void> {
  const { api } = capture;
  const faces = await portraitImages();
  const passport = (changes: { flipMrzChar?: number } = {}) => makePassport({
    surname: 'Collins', givenNames: 'Eileen Marie', number: 'X4RT7Q21K', country: 'FRA', birth: '1956-11-19', expiry: '2034-05-31', sex: 'F', portrait: faces.astronaut.portrait, ...changes
  });
  const envelope = await sentWithIdentity(capture, 'Loan agreement', 'local');
  const token = { token: envelope.token };
  const session = (await api.call('GET /signing/v1/:token', 200, { params: token })).body;
  await api.call('POST /signing/v1/:token/identity/consent', 200, { params: token, json: { consent: true, version: session.validation.identity_consent.version } });
  await api.call('POST /signing/v1/:token/identity/document', 422, { params: token, json: { image: Buffer.from('%PDF-1.7 not a photo').toString('base64') } });
  await api.call('POST /signing/v1/:token/identity/document', 200, { params: token, json: { image: (await passport({ flipMrzChar: 3 })).toString('base64') } });
  await api.call('POST /signing/v1/:token/identity/document', 200, { params: token, json: { image: (await passport()).toString('base64') } });
  // A challenge left unanswered expires (10 minutes); the next one is answered, by another person's face.
  await api.call('POST /signing/v1/:token/identity/selfie/challenge', 200, { params: token });
  await capture.advanceClock(11 * 60_000);
  const frames = async (face: Buffer, at: string) => {
    const challenge = (await api.call('POST /signing/v1/:token/identity/selfie/challenge', 200, { params: { token: at } })).body.challenge;
    const tilt = challenge === 'TILT_LEFT' ? 18 : -18;
    return { neutral: (await makeSelfie(face)).toString('base64'), challenge: (await makeSelfie(face, { tilt })).toString('base64') };
  };
  await api.call('POST /signing/v1/:token/identity/selfie', 200, { params: token, json: await frames(faces.camera.portrait, envelope.token) });

  const recipient = { envelope_id: envelope.id, recipient_id: envelope.recipientId };
  await api.call('POST /api/v1/envelopes/:envelope_id/recipients/:recipient_id/identity/reset', 200, { params: recipient, json: { check: 'biometric' } });
  await api.call('POST /api/v1/envelopes/:envelope_id/recipients/:recipient_id/identity/approve', 200, { params: recipient, json: { check: 'biometric', reason: 'Met Ms Collins at the branch with her passport' } });
  await api.call('GET /api/v1/envelopes/:envelope_id/recipients/:recipient_id/identity', 200, { params: recipient });
  await api.call('POST /api/v1/envelopes/:envelope_id/recipients/:recipient_id/identity/redact', 200, { params: recipient });

  // One attempt allowed: a wrong passport locks the document check until the sender resets it; a wrong face locks the selfie check.
  const strict = await sentWithIdentity(capture, 'Loan agreement (one attempt)', 'local', '1');
  const strictRecipient = { envelope_id: strict.id, recipient_id: strict.recipientId };
  const strictSession = (await api.peek('GET /signing/v1/:token', { params: { token: strict.token } })).body;
  await api.call('POST /signing/v1/:token/identity/consent', 200, { params: { token: strict.token }, json: { consent: true, version: strictSession.validation.identity_consent.version } });
  await api.call('POST /signing/v1/:token/identity/document', 200, { params: { token: strict.token }, json: { image: (await passport({ flipMrzChar: 3 })).toString('base64') } });
  await api.call('POST /api/v1/envelopes/:envelope_id/recipients/:recipient_id/identity/reset', 200, { params: strictRecipient, json: { check: 'id_check' } });
  await api.call('POST /signing/v1/:token/identity/document', 200, { params: { token: strict.token }, json: { image: (await passport()).toString('base64') } });
  await api.call('POST /signing/v1/:token/identity/selfie', 200, { params: { token: strict.token }, json: await frames(faces.camera.portrait, strict.token) });

  const draft = (await api.call('POST /api/v1/envelopes', 200, {
    form: { name: 'Account opening', documents: { form: { name: 'form.pdf', base64: capture.pdf.toString('base64') } }, recipients: { eileen }, settings: { validations: { id_check: { enabled: 'TRUE' } } } }
  })).body.envelope;
  await api.call('POST /api/v1/envelopes/:envelope_id/recipients/:recipient_id/identity/assertion', 200, {
    params: { envelope_id: draft.id, recipient_id: draft.envelope_signers[0].id },
    json: { provider: 'Acme KYC', reference: 'kyc-2026-0042', level: 'IAL2', verified_at: '2026-11-20T09:30:00Z' }
  });

  const hosted = await sentWithIdentity(capture, 'Loan agreement (hosted check)', 'stripe');
  const hostedSession = (await api.call('GET /signing/v1/:token', 200, { params: { token: hosted.token } })).body;
  await api.call('POST /signing/v1/:token/identity/consent', 200, { params: { token: hosted.token }, json: { consent: true, version: hostedSession.validation.identity_consent.version } });
  await api.call('POST /signing/v1/:token/identity/session', 200, { params: { token: hosted.token } });
  const reference = (await api.peek('GET /api/v1/envelopes/:envelope_id/recipients/:recipient_id/identity', { params: { envelope_id: hosted.id, recipient_id: hosted.recipientId } })).body.id_check.provider_reference;
  stripe.verify(reference, { first_name: 'Eileen', last_name: 'Collins', document: { type: 'passport', issuing_country: 'FR', number: '18AB34567', expiration_date: { day: 31, month: 5, year: 2034 } } });
  // Stripe's event as the stand-in sends it, posted again through the recorder, signed as Stripe signs (the same event: nothing new is recorded).
  const webhook = await stripe.sendWebhook(`${capture.baseUrl}/identity/v1/stripe/webhook`, 'identity.verification_session.verified', reference);
  if (webhook.status !== 200) throw new Error(`Stripe's webhook answered ${webhook.status}`);
  const event = JSON.parse(webhook.payload) as Json;
  // Signed at the stand-in's time, which is Signet's (its clock moves with the capture's).
  const signedAt = Number(/t=(\d+)/.exec(webhook.signature ?? '')?.[1]);
  const signature = stripeSignatureHeader(JSON.stringify(event), stripe.webhookSecret, signedAt);
  await api.call('POST /identity/v1/stripe/webhook', 200, { json: event, headers: { 'stripe-signature': signature } });
}

/** A provider session nobody finishes expires (an hour): both its checks. */
export async function captureAbandonedSession(capture: Capture): Promise<void> {
  const { api } = capture;
  const abandoned = await sentWithIdentity(capture, 'Loan agreement (abandoned)', 'stripe');
  const session = (await api.peek('GET /signing/v1/:token', { params: { token: abandoned.token } })).body;
  await api.call('POST /signing/v1/:token/identity/consent', 200, { params: { token: abandoned.token }, json: { consent: true, version: session.validation.identity_consent.version } });
  await api.call('POST /signing/v1/:token/identity/session', 200, { params: { token: abandoned.token } });
  await capture.advanceClock(61 * 60_000);
  await capture.receiver.waitFor('recipient.validation_id_check_expired');
}
