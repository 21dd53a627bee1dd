import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startStripeIdentityStandIn, stripeSignatureHeader, type StripeIdentityStandIn } from '@signet/testkit';
import {
  createStripeIdentityVerifier,
  maskDocumentNumber,
  STRIPE_RESULT_EXPANSIONS,
  stripeAddressOf,
  UnhandledProviderEventError
} from '../src/providers/stripe-identity';
import { alpha3FromAlpha2 } from '../src/providers/country-codes';
import { ProviderSignatureError, type ProviderVerifier } from '../src/types';

/** Nothing here may leave the machine: every fetch of this file, the adapter's included, goes to loopback. */
const LOOPBACK = /^(127(\.\d{1,3}){3}|localhost|\[::1\])$/;
const globalFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const target = new URL(input instanceof Request ? input.url : String(input));
    if (!LOOPBACK.test(target.hostname)) return Promise.reject(new Error(`a test tried to reach ${target.host}: tests stay on loopback`));
    return globalFetch(input, init);
  };
});
afterAll(() => {
  globalThis.fetch = globalFetch;
});

interface Received {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Signet's side of the webhook: the raw body and headers as they arrived, answered 200. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe-identity`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  };
}

const PASSPORT = {
  first_name: 'Ana',
  last_name: 'Lima',
  dob: { day: 2, month: 3, year: 1990 },
  document: { type: 'passport' as const, issuing_country: 'FR', number: '19FR12345', expiration_date: { day: 9, month: 4, year: 2031 } }
};

describe('Stripe Identity adapter against the stand-in', () => {
  let standIn: StripeIdentityStandIn;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let verifier: ProviderVerifier;
  let clock = Date.now();

  beforeAll(async () => {
    standIn = await startStripeIdentityStandIn();
    receiver = await startReceiver();
    verifier = createStripeIdentityVerifier({ secretKey: standIn.secretKey, webhookSecret: standIn.webhookSecret, apiBase: standIn.url, now: () => clock });
  });
  afterAll(async () => {
    await standIn.close();
    await receiver.close();
  });
  beforeEach(() => {
    clock = Date.now();
  });

  const lastCall = () => standIn.calls[standIn.calls.length - 1];
  const newSession = (requireSelfie = true) =>
    verifier.createSession({ checkId: `chk_${Math.random().toString(36).slice(2)}`, allowedKinds: ['PASSPORT', 'ID_CARD', 'DRIVING_LICENCE'], requireSelfie, returnUrl: 'https://signet.example/sign/return' });

  async function webhookFor(type: string, id: string, options?: Parameters<StripeIdentityStandIn['sendWebhook']>[3]): Promise<Received> {
    const before = receiver.received.length;
    const sent = await standIn.sendWebhook(receiver.url, type, id, options);
    expect(sent.status).toBe(200);
    expect(receiver.received).toHaveLength(before + 1);
    return receiver.received[before] as Received;
  }

  it('creates a document session with the kinds mapped, live capture and the selfie asked for', async () => {
    const session = await verifier.createSession({ checkId: 'chk_123', allowedKinds: ['PASSPORT', 'DRIVING_LICENCE'], requireSelfie: true, returnUrl: 'https://signet.example/sign/return' });

    expect(session.reference).toMatch(/^vs_/);
    expect(session.url).toMatch(new RegExp(`^${standIn.url}/verify/${session.reference}_secret_`));
    const call = lastCall();
    expect(call).toMatchObject({ method: 'POST', path: '/v1/identity/verification_sessions', status: 200 });
    expect(call?.headers.authorization).toBe(`Bearer ${standIn.secretKey}`);
    expect(call?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(call?.form).toEqual({
      type: 'document',
      client_reference_id: 'chk_123',
      return_url: 'https://signet.example/sign/return',
      options: { document: { allowed_types: ['passport', 'driving_license'], require_matching_selfie: 'true', require_live_capture: 'true' } }
    });
    expect(standIn.session(session.reference)?.options.document).toEqual({
      allowed_types: ['passport', 'driving_license'], require_live_capture: true, require_matching_selfie: true, require_id_number: false
    });
  });

  it('asks for no selfie when the check does not want one, and refuses an empty list of kinds', async () => {
    await verifier.createSession({ checkId: 'chk_124', allowedKinds: ['ID_CARD'], requireSelfie: false, returnUrl: 'https://signet.example/r' });
    expect(lastCall()?.form).toMatchObject({ options: { document: { allowed_types: ['id_card'], require_matching_selfie: 'false', require_live_capture: 'true' } } });

    const calls = standIn.calls.length;
    await expect(verifier.createSession({ checkId: 'chk_125', allowedKinds: [], requireSelfie: false, returnUrl: 'https://signet.example/r' })).rejects.toThrow(/at least one/);
    expect(standIn.calls).toHaveLength(calls);
  });

  it('reads a new session as REQUIRES_INPUT with no reason yet', async () => {
    const { reference } = await newSession();
    await expect(verifier.fetchResult(reference)).resolves.toEqual({
      reference, status: 'REQUIRES_INPUT', reasons: [], provider_code: null, name: null, document: null, selfie_matched: null
    });
  });

  it('reads a verified session: the name, the document masked, the selfie matched, with the sensitive fields expanded', async () => {
    const { reference } = await newSession();
    standIn.verify(reference, PASSPORT);

    const result = await verifier.fetchResult(reference);

    expect(result).toEqual({
      reference,
      status: 'VERIFIED',
      reasons: [],
      provider_code: null,
      name: { surname: 'Lima', givenNames: 'Ana' },
      document: { kind: 'PASSPORT', country: 'FRA', number_masked: '******345', expires_on: '2031-04-09', read_from: 'PROVIDER' },
      selfie_matched: true
    });
    expect(JSON.stringify(result)).not.toContain('19FR12345');
    const call = lastCall();
    expect(call).toMatchObject({ method: 'GET', path: `/v1/identity/verification_sessions/${reference}`, status: 200 });
    expect(call?.query).toEqual({ expand: [...STRIPE_RESULT_EXPANSIONS] });
  });

  it('reads a US driving licence without a selfie check, and a selfie that did not match', async () => {
    const licence = await newSession(false);
    standIn.verify(licence.reference, {
      first_name: 'Ben', last_name: 'Ode', document: { type: 'driving_license', issuing_country: 'us', number: 'D 123 456 789', expiration_date: { day: 31, month: 12, year: 2029 } }
    });
    await expect(verifier.fetchResult(licence.reference)).resolves.toMatchObject({
      status: 'VERIFIED',
      name: { surname: 'Ode', givenNames: 'Ben' },
      document: { kind: 'DRIVING_LICENCE', country: 'USA', number_masked: '*******789', expires_on: '2029-12-31', read_from: 'PROVIDER' },
      selfie_matched: null
    });

    const card = await newSession(true);
    standIn.verify(card.reference, { ...PASSPORT, document: { ...PASSPORT.document, type: 'id_card', issuing_country: 'DE' }, selfie: 'unverified' });
    await expect(verifier.fetchResult(card.reference)).resolves.toMatchObject({
      status: 'VERIFIED', document: { kind: 'ID_CARD', country: 'DEU' }, selfie_matched: false
    });
  });

  it.each([
    ['document_expired', 'DOCUMENT_EXPIRED'],
    ['document_type_not_supported', 'DOCUMENT_KIND_NOT_ALLOWED'],
    ['document_unverified_other', 'DOCUMENT_UNREADABLE'],
    ['document_manipulated', 'DOCUMENT_UNREADABLE'],
    ['selfie_face_mismatch', 'FACE_MISMATCH'],
    ['selfie_document_missing_photo', 'PORTRAIT_NOT_FOUND'],
    ['selfie_unverified_other', 'SPOOF_SUSPECTED'],
    ['selfie_manipulated', 'SPOOF_SUSPECTED'],
    ['consent_declined', 'PROVIDER_REJECTED'],
    ['under_supported_age', 'PROVIDER_REJECTED'],
    ['country_not_supported', 'PROVIDER_REJECTED'],
    ['a_code_stripe_adds_later', 'PROVIDER_REJECTED']
  ])('reads requires_input with last_error %s as %s, the provider code kept', async (code, reason) => {
    const { reference } = await newSession();
    standIn.requireInput(reference, code, 'The stand-in says why.');

    await expect(verifier.fetchResult(reference)).resolves.toEqual({
      reference, status: 'REQUIRES_INPUT', reasons: [reason], provider_code: code, name: null, document: null, selfie_matched: null
    });
  });

  it('reads processing and canceled sessions', async () => {
    const processing = await newSession();
    standIn.processing(processing.reference);
    await expect(verifier.fetchResult(processing.reference)).resolves.toMatchObject({ status: 'PROCESSING', reasons: [], provider_code: null, name: null });

    const canceled = await newSession();
    standIn.cancel(canceled.reference);
    await expect(verifier.fetchResult(canceled.reference)).resolves.toMatchObject({ status: 'CANCELED', reasons: [], name: null, document: null });
  });

  it('reads a webhook whose signature verifies', async () => {
    const session = await verifier.createSession({ checkId: 'chk_hook', allowedKinds: ['PASSPORT'], requireSelfie: true, returnUrl: 'https://signet.example/r' });
    standIn.verify(session.reference, PASSPORT);
    const received = await webhookFor('identity.verification_session.verified', session.reference);

    const webhook = verifier.readWebhook(received.body, received.headers);

    const sent = standIn.webhooks[standIn.webhooks.length - 1];
    expect(webhook).toEqual({ id: sent?.eventId, type: 'identity.verification_session.verified', reference: session.reference, client_reference: 'chk_hook' });
    expect(received.headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it('refuses a webhook with a bad signature, a tampered body, a stale timestamp or no signature header', async () => {
    const { reference } = await newSession();

    const forged = await webhookFor('identity.verification_session.verified', reference, { badSignature: true });
    expect(() => verifier.readWebhook(forged.body, forged.headers)).toThrow(ProviderSignatureError);

    const genuine = await webhookFor('identity.verification_session.verified', reference);
    const tampered = Buffer.from(genuine.body.toString('utf8').replace(reference, 'vs_someone_else'));
    expect(() => verifier.readWebhook(tampered, genuine.headers)).toThrow(ProviderSignatureError);

    const unsigned = await webhookFor('identity.verification_session.verified', reference, { omitSignature: true });
    expect(unsigned.headers['stripe-signature']).toBeUndefined();
    expect(() => verifier.readWebhook(unsigned.body, unsigned.headers)).toThrow(ProviderSignatureError);
    expect(() => verifier.readWebhook(genuine.body, { 'stripe-signature': '' })).toThrow(ProviderSignatureError);
    expect(() => verifier.readWebhook(genuine.body, { 'stripe-signature': 'not a signature' })).toThrow(ProviderSignatureError);
  });

  it('holds a webhook to 300 s by Signet clock', async () => {
    const { reference } = await newSession();
    const signedAt = Math.floor(Date.now() / 1000);

    const stale = await webhookFor('identity.verification_session.verified', reference, { timestamp: signedAt - 301 });
    clock = signedAt * 1000;
    expect(() => verifier.readWebhook(stale.body, stale.headers)).toThrow(ProviderSignatureError);
    expect(() => verifier.readWebhook(stale.body, stale.headers)).toThrow(/tolerance/);

    const fresh = await webhookFor('identity.verification_session.verified', reference, { timestamp: signedAt });
    expect(verifier.readWebhook(fresh.body, fresh.headers).reference).toBe(reference);
    // The same webhook read later than 300 s after it was signed, by the injected clock.
    clock = (signedAt + 301) * 1000;
    expect(() => verifier.readWebhook(fresh.body, fresh.headers)).toThrow(ProviderSignatureError);
  });

  it('signs in the stand-in exactly as the stripe package\'s own test signer does', () => {
    const payload = JSON.stringify({ id: 'evt_0', object: 'event' }, null, 2);
    const timestamp = 1_700_000_000;
    expect(stripeSignatureHeader(payload, 'whsec_abc', timestamp)).toBe(Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_abc', timestamp }));
  });

  it('takes the header whatever its case, and a signature made independently of the stand-in', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'identity.verification_session.processing', data: { object: { id: 'vs_1', object: 'identity.verification_session', client_reference_id: null } } });
    const header = stripeSignatureHeader(payload, standIn.webhookSecret, Math.floor(clock / 1000));
    expect(verifier.readWebhook(Buffer.from(payload), { 'Stripe-Signature': header })).toEqual({
      id: 'evt_1', type: 'identity.verification_session.processing', reference: 'vs_1', client_reference: null
    });
  });

  it('tells a signed event of another type from a forgery', async () => {
    const { reference } = await newSession();
    const other = await webhookFor('charge.succeeded', reference);
    expect(() => verifier.readWebhook(other.body, other.headers)).toThrow(UnhandledProviderEventError);
    expect(() => verifier.readWebhook(other.body, other.headers)).not.toThrow(ProviderSignatureError);
  });

  it('redacts a session, after which nothing personal is read back', async () => {
    const { reference } = await newSession();
    standIn.verify(reference, PASSPORT);

    await verifier.redact(reference);

    expect(lastCall()).toMatchObject({ method: 'POST', path: `/v1/identity/verification_sessions/${reference}/redact`, form: {}, status: 200 });
    expect(standIn.session(reference)?.redaction).toEqual({ status: 'redacted' });
    await expect(verifier.fetchResult(reference)).resolves.toEqual({
      reference, status: 'VERIFIED', reasons: [], provider_code: null, name: null, document: null, selfie_matched: null
    });
  });

  it('fails with Stripe\'s error for an unknown session and a wrong key, without retrying', async () => {
    const calls = standIn.calls.length;
    await expect(verifier.fetchResult('vs_unknown')).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404, code: 'resource_missing' });
    await expect(verifier.redact('vs_unknown')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect(standIn.calls).toHaveLength(calls + 2);

    const wrongKey = createStripeIdentityVerifier({ secretKey: 'rk_test_wrong', webhookSecret: standIn.webhookSecret, apiBase: standIn.url });
    await expect(wrongKey.fetchResult('vs_unknown')).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
  });

  it('retries a 5xx twice, as the package does by default, with one idempotency key', async () => {
    const calls = standIn.calls.length;
    standIn.failNext(2, 500);
    const session = await newSession();
    const attempts = standIn.calls.slice(calls);
    expect(attempts.map((call) => call.status)).toEqual([500, 500, 200]);
    const keys = new Set(attempts.map((call) => call.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect(standIn.session(session.reference)).toBeDefined();

    standIn.failNext(3, 503);
    await expect(verifier.fetchResult(session.reference)).rejects.toMatchObject({ statusCode: 503 });
  });
});

describe('Stripe Identity adapter settings', () => {
  it('talks to https://api.stripe.com by default, through the fetch it is given', async () => {
    const asked: string[] = [];
    const recording: typeof fetch = async (input) => {
      asked.push(String(input));
      return new Response(JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such verification session: 'vs_x'" } }), {
        status: 404, headers: { 'content-type': 'application/json' }
      });
    };
    const verifier = createStripeIdentityVerifier({ secretKey: 'rk_test_x', webhookSecret: 'whsec_x', fetch: recording });
    await expect(verifier.fetchResult('vs_x')).rejects.toMatchObject({ statusCode: 404 });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^https:\/\/api\.stripe\.com\/v1\/identity\/verification_sessions\/vs_x\?expand\[0\]=verified_outputs&/);
  });

  it('cannot reach Stripe itself from a test: the file\'s loopback guard stands under the adapter', async () => {
    const verifier = createStripeIdentityVerifier({ secretKey: 'rk_test_x', webhookSecret: 'whsec_x' });
    const failure = await verifier.fetchResult('vs_x').then(() => null, (error: unknown) => error as { type?: string; detail?: unknown });
    expect(failure?.type).toBe('StripeConnectionError');
    expect(String(failure?.detail)).toMatch(/tests stay on loopback/);
  });

  it('reads STRIPE_API_BASE as an origin, and sends the key in clear only to loopback', () => {
    expect(stripeAddressOf('https://api.stripe.com')).toEqual({ host: 'api.stripe.com', port: 443, protocol: 'https' });
    expect(stripeAddressOf('http://127.0.0.1:4242')).toEqual({ host: '127.0.0.1', port: 4242, protocol: 'http' });
    expect(stripeAddressOf('https://stripe-proxy.internal:8443/')).toEqual({ host: 'stripe-proxy.internal', port: 8443, protocol: 'https' });
    expect(() => stripeAddressOf('http://stripe-proxy.internal')).toThrow(/loopback/);
    expect(() => stripeAddressOf('https://api.stripe.com/v1')).toThrow(/origin/);
    expect(() => stripeAddressOf('api.stripe.com')).toThrow();
    expect(() => createStripeIdentityVerifier({ secretKey: '', webhookSecret: 'whsec_x' })).toThrow(/STRIPE_IDENTITY_SECRET_KEY/);
    expect(() => createStripeIdentityVerifier({ secretKey: 'rk_x', webhookSecret: ' ' })).toThrow(/STRIPE_IDENTITY_WEBHOOK_SECRET/);
  });

  it('masks a document number to its last 3 characters and converts issuing countries', () => {
    expect(maskDocumentNumber('19FR12345')).toBe('******345');
    expect(maskDocumentNumber('D 123 456')).toBe('****456');
    expect(['FR', 'DE', 'us', 'GB', 'NL', 'ES', 'XK'].map(alpha3FromAlpha2)).toEqual(['FRA', 'DEU', 'USA', 'GBR', 'NLD', 'ESP', 'RKS']);
    expect(alpha3FromAlpha2('ZZ')).toBeNull();
  });
});
