import { startStripeIdentityStandIn, type StripeIdentityStandIn, waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, type TestSignet } from './harness';
import { consent, IDENTITY_SETTINGS, identityEnvelope, identityPath, signer } from './identity/flows';
import { drawn, sign } from './signing/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const STRIPE_SETTINGS = { ...IDENTITY_SETTINGS, 'settings[validations][id_check][provider]': 'stripe', 'settings[validations][biometric][provider]': 'stripe' };
const EILEEN = {
  first_name: 'Eileen', last_name: 'Collins',
  document: { type: 'passport' as const, issuing_country: 'FR', number: '18AB34567', expiration_date: { day: 31, month: 5, year: 2034 } }
};

describe('identity checks at Stripe Identity (a local stand-in speaking its API)', () => {
  let api: TestSignet;
  let stripe: StripeIdentityStandIn;
  const webhookUrl = () => `${api.url}/identity/v1/stripe/webhook`;

  beforeAll(async () => {
    stripe = await startStripeIdentityStandIn();
    api = await startTestSignet({ STRIPE_IDENTITY_SECRET_KEY: stripe.secretKey, STRIPE_IDENTITY_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url });
  });

  afterAll(async () => {
    await api.close();
    await stripe.close();
  });

  /** Consent, then the provider's session: Signet asks Stripe for a document session with a matching selfie. */
  async function openSession(token: string): Promise<void> {
    expect((await consent(api, token)).status).toBe(200);
    const session = await signer(api, token, 'session');
    expect(session.status).toBe(200);
    expect(session.body.url).toEqual(expect.stringContaining('http'));
    const created = stripe.calls.filter((call) => call.method === 'POST' && call.path === '/v1/identity/verification_sessions').at(-1);
    expect(created?.form).toMatchObject({ type: 'document', options: { document: { require_matching_selfie: 'true' } }, return_url: expect.stringContaining(`/sign/${token}`) });
  }

  it('goes verified through a signed webhook, and the signer signs', async () => {
    const envelope = await identityEnvelope(api, KEYS.globex, STRIPE_SETTINGS);
    await openSession(envelope.token);
    const record = await api.call('GET', identityPath(envelope), { key: KEYS.globex });
    const reference = (record.body as Body).id_check.provider_reference as string;
    expect((record.body as Body).id_check).toMatchObject({ status: 'IN_PROGRESS', method: 'stripe', provider_reference: expect.stringMatching(/^vs_/) });
    stripe.verify(reference, EILEEN);
    const delivered = await stripe.sendWebhook(webhookUrl(), 'identity.verification_session.verified', reference);
    expect(delivered.status).toBe(200);
    const after = await api.call('GET', identityPath(envelope), { key: KEYS.globex });
    expect((after.body as Body).id_check).toMatchObject({ status: 'PASSED', method: 'stripe', document: { kind: 'PASSPORT', country: 'FRA', number_masked: '******567', expires_on: '2034-05-31', read_from: 'PROVIDER' } });
    expect((after.body as Body).biometric).toMatchObject({ status: 'PASSED', method: 'stripe' });
    // The same event again records nothing new.
    expect((await stripe.sendWebhook(webhookUrl(), 'identity.verification_session.verified', reference)).status).toBe(200);
    expect((((await api.call('GET', identityPath(envelope), { key: KEYS.globex })).body as Body).id_check.attempts as unknown[]).length).toBe(1);
    expect((await sign(api, envelope.token, drawn)).status).toBe(200);
    await waitFor(() => api.events.some((event) => event.key === envelope.id && event.event.event_type === 'recipient.validation_id_check_success'), 20_000, 'success event');
    const success = api.events.find((event) => event.key === envelope.id && event.event.event_type === 'recipient.validation_id_check_success');
    expect((success?.event.data as Body).identity).toMatchObject({ method: 'stripe', provider_reference: reference });
    expect(JSON.stringify(success?.event)).not.toContain('18AB34567');
  });

  it('records requires_input as a failed attempt with the provider\'s reason, and refuses a webhook whose signature does not verify', async () => {
    const envelope = await identityEnvelope(api, KEYS.globex, STRIPE_SETTINGS);
    await openSession(envelope.token);
    const reference = ((await api.call('GET', identityPath(envelope), { key: KEYS.globex })).body as Body).id_check.provider_reference as string;

    stripe.verify(reference, EILEEN);
    const forged = await stripe.sendWebhook(webhookUrl(), 'identity.verification_session.verified', reference, { badSignature: true });
    expect(forged.status).toBe(403);
    expect((await stripe.sendWebhook(webhookUrl(), 'identity.verification_session.verified', reference, { omitSignature: true })).status).toBe(403);
    expect(((await api.call('GET', identityPath(envelope), { key: KEYS.globex })).body as Body).id_check).toMatchObject({ status: 'IN_PROGRESS', attempts_used: 0 });

    const other = await identityEnvelope(api, KEYS.globex, STRIPE_SETTINGS);
    await openSession(other.token);
    const otherReference = ((await api.call('GET', identityPath(other), { key: KEYS.globex })).body as Body).id_check.provider_reference as string;
    stripe.requireInput(otherReference, 'document_expired', 'The document is expired.');
    expect((await stripe.sendWebhook(webhookUrl(), 'identity.verification_session.requires_input', otherReference)).status).toBe(200);
    const failed = await api.call('GET', identityPath(other), { key: KEYS.globex });
    expect((failed.body as Body).id_check).toMatchObject({ status: 'FAILED', attempts_used: 1, attempts: [{ outcome: 'FAILED', reasons: ['DOCUMENT_EXPIRED'] }] });
  });

  it('judges a verified session by the envelope\'s own policy: another person\'s name fails', async () => {
    const envelope = await identityEnvelope(api, KEYS.globex, STRIPE_SETTINGS);
    await openSession(envelope.token);
    const reference = ((await api.call('GET', identityPath(envelope), { key: KEYS.globex })).body as Body).id_check.provider_reference as string;
    stripe.verify(reference, { ...EILEEN, first_name: 'Ben', last_name: 'Ode' });
    await stripe.sendWebhook(webhookUrl(), 'identity.verification_session.verified', reference);
    const record = await api.call('GET', identityPath(envelope), { key: KEYS.globex });
    expect((record.body as Body).id_check).toMatchObject({ status: 'FAILED', attempts: [{ reasons: ['NAME_MISMATCH'] }] });
  });
});
