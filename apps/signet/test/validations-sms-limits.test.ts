import type { ConsumedEvent } from '@signet/bus';
import { waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { session } from './signing/flows';
import { samplePdf } from '@signet/testkit';
import { sendCode, validationsPath } from './validations/flows';
import { codeInSms, phoneEnvelope, signerSendCode, signerVerifyCode, smsInSink } from './validations/sms-flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAILY_LIMIT = 6;

/** Each test texts a number of its own, so the sink tells its SMS apart. */
let nextNumber = 0;
const freshPhone = () => `+34 612 ${String(100_000 + nextNumber++).slice(-6)}`;
const e164 = (phone: string) => phone.replace(/ /g, '');

/**
 * The SMS limits (the code limits, per channel; the tenant's daily cap; the country allow-list) on an
 * injected clock that stands still unless a test moves it forward, so every Retry-After is exact even on
 * a busy host.
 */
describe('phone (SMS) validation limits on an injected clock', () => {
  let api: TestSignet;
  let offsetMs = 0;
  /** Moves the injected clock, and the jobs queued by it (a code's expiry) with it. */
  const advance = async (ms: number): Promise<void> => {
    offsetMs += ms;
    await api.signet.jobs.clockMovedBy(ms);
  };
  const eventsOf = (recipientId: string, type: string): ConsumedEvent[] =>
    api.events.filter((event) => event.event.event_type === type && (event.event.data as Body).id === recipientId);
  const smsSend = (envelopeId: string, recipientId: string) =>
    api.call('POST', `${validationsPath(envelopeId, recipientId)}/send_code`, { key: KEYS.globex, json: { channel: 'sms' } });

  beforeAll(async () => {
    const start = Date.now();
    api = await startTestSignet({ SMS_TENANT_DAILY_LIMIT: String(DAILY_LIMIT), SMS_ALLOWED_COUNTRIES: 'ES,US' }, undefined, () => new Date(start + offsetMs));
  });

  afterAll(async () => {
    await api.close();
  });

  // Each test starts a day after the last: the tenant's SMS of earlier tests no longer count.
  beforeEach(() => advance(25 * HOUR));

  it('keeps the 60-second cooldown per channel: a second SMS waits (429, Retry-After) while an email code may go at once', async () => {
    const phone = freshPhone();
    const envelope = await phoneEnvelope(api, KEYS.globex, { 'recipients[ana][phone]': phone, 'settings[validations][email][enabled]': 'TRUE' });
    const first = await smsSend(envelope.id, envelope.recipientId);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-remaining')).toBe('4');
    const early = await smsSend(envelope.id, envelope.recipientId);
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ code: 'RATE_LIMITED', error: expect.stringMatching(/60 seconds/) });
    expect(early.headers.get('retry-after')).toBe('60');
    await advance(59 * SECOND);
    expect((await smsSend(envelope.id, envelope.recipientId)).headers.get('retry-after')).toBe('1');
    expect((await sendCode(api, KEYS.globex, envelope.id, envelope.recipientId)).status).toBe(200);
    await advance(1 * SECOND);
    const later = await smsSend(envelope.id, envelope.recipientId);
    expect(later.status).toBe(200);
    expect(later.headers.get('x-ratelimit-remaining')).toBe('3');
    // The newest SMS code is the only one that works.
    const [older, newer] = (await smsInSink(api, e164(phone), 2)).map((sms) => codeInSms(sms.body));
    if (older !== newer) expect((await signerVerifyCode(api, envelope.token, older as string, 'sms')).status).toBe(422);
    expect((await signerVerifyCode(api, envelope.token, newer as string, 'sms')).status).toBe(200);
  });

  it('allows 5 SMS codes per recipient in any hour, then 429 until the first is an hour old', async () => {
    const envelope = await phoneEnvelope(api, KEYS.globex, { 'recipients[ana][phone]': freshPhone() });
    for (let sent = 0; sent < 5; sent += 1) {
      expect((await smsSend(envelope.id, envelope.recipientId)).status).toBe(200);
      await advance(61 * SECOND);
    }
    const sixth = await smsSend(envelope.id, envelope.recipientId);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatch(/5 codes were sent to this recipient in the last hour/);
    expect(sixth.headers.get('retry-after')).toBe(String(3600 - 5 * 61));
    await advance(Number(sixth.headers.get('retry-after')) * SECOND);
    expect((await smsSend(envelope.id, envelope.recipientId)).status).toBe(200);
  });

  it(`caps a tenant at ${DAILY_LIMIT} SMS in any 24 hours (429 SMS_DAILY_LIMIT_REACHED with Retry-After), other tenants untouched`, async () => {
    const first = await phoneEnvelope(api, KEYS.globex, { 'recipients[ana][phone]': freshPhone() });
    const second = await phoneEnvelope(api, KEYS.globex, { 'recipients[ana][phone]': freshPhone() });
    for (let sent = 0; sent < 5; sent += 1) {
      expect((await smsSend(first.id, first.recipientId)).status).toBe(200);
      await advance(61 * SECOND);
    }
    expect((await smsSend(second.id, second.recipientId)).status).toBe(200);
    await advance(61 * SECOND);
    const refused = await smsSend(second.id, second.recipientId);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'SMS_DAILY_LIMIT_REACHED', error: expect.stringMatching(/6 validation SMS of the last 24 hours/) });
    // The first of the six leaves the 24 hours 6 x 61 s from now.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBe(24 * 3600 - 6 * 61);
    // The signer sees the same refusal through the signing API; email codes are not capped.
    expect((await signerSendCode(api, second.token, 'sms')).body).toMatchObject({ code: 'SMS_DAILY_LIMIT_REACHED' });
    const acme = await phoneEnvelope(api, KEYS.acme, { 'recipients[ana][phone]': freshPhone() });
    expect((await api.call('POST', `${validationsPath(acme.id, acme.recipientId)}/send_code`, { key: KEYS.acme, json: { channel: 'sms' } })).status).toBe(200);
    await advance((retryAfter - 1) * SECOND);
    expect((await smsSend(second.id, second.recipientId)).headers.get('retry-after')).toBe('1');
    await advance(1 * SECOND);
    expect((await smsSend(second.id, second.recipientId)).status).toBe(200);
  });

  it('refuses a phone outside the country allow-list with 422 SMS_COUNTRY_NOT_ALLOWED, naming the country and never the number', async () => {
    const envelope = await phoneEnvelope(api, KEYS.globex, { 'recipients[ana][phone]': '+44 7400 123456' });
    const refused = await smsSend(envelope.id, envelope.recipientId);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'SMS_COUNTRY_NOT_ALLOWED', error: expect.stringMatching(/numbers in GB/) });
    expect(JSON.stringify(refused.body)).not.toContain('7400');
  });

  it('expires an SMS code after 30 minutes and kills it after 3 wrong attempts, announcing both with the channel', async () => {
    const phone = freshPhone();
    const envelope = await phoneEnvelope(api, KEYS.globex, { 'recipients[ana][phone]': phone });
    expect((await signerSendCode(api, envelope.token, 'sms')).status).toBe(200);
    const [expiring] = (await smsInSink(api, e164(phone), 1)).map((sms) => codeInSms(sms.body));
    await advance(30 * MINUTE);
    const late = await signerVerifyCode(api, envelope.token, expiring as string, 'sms');
    expect(late.status).toBe(422);
    expect(late.body.error).toMatch(/has expired/);
    const [expired] = await waitFor(() => eventsOf(envelope.recipientId, 'recipient.validation_code_expired').length === 1 && eventsOf(envelope.recipientId, 'recipient.validation_code_expired'), 20_000, 'code_expired');
    expect((expired?.event.data as Body).validation).toMatchObject({ channel: 'sms', status: 'EXPIRED' });

    expect((await signerSendCode(api, envelope.token, 'sms')).status).toBe(200);
    const code = codeInSms(((await smsInSink(api, e164(phone), 2))[1] as { body: string }).body);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt += 1) answers.push((await signerVerifyCode(api, envelope.token, wrong, 'sms')).body.error);
    expect(answers).toEqual(['The code is not correct: 2 attempts left', 'The code is not correct: 1 attempt left', expect.stringMatching(/after 3 failed attempts it no longer works/)]);
    expect((await signerVerifyCode(api, envelope.token, code, 'sms')).body.error).toMatch(/failed 3 times/);
    const [exhausted] = await waitFor(() => eventsOf(envelope.recipientId, 'recipient.validation_max_attempts').length === 1 && eventsOf(envelope.recipientId, 'recipient.validation_max_attempts'), 20_000, 'max_attempts');
    expect((exhausted?.event.data as Body).validation).toMatchObject({ channel: 'sms', status: 'EXHAUSTED', attempts_left: 0 });
    expect((await session(api, envelope.token)).body).toMatchObject({ validation: { verified: false }, documents: [] });
  });

  it('checks phones at envelope creation: 422 for one that is not a number, ERROR (PHONE_REQUIRED) for a missing one under phone validation, fixed by an update', async () => {
    const form = async (recipient: Record<string, string>, settings: Record<string, string> = {}) => ({
      'documents[contract][base64]': (await samplePdf()).toString('base64'), 'documents[contract][name]': 'contract.pdf',
      'recipients[ana][email]': 'ana.phones@example.com', 'recipients[ana][name]': 'Ana Lima', ...recipient, ...settings
    });
    const malformed = await api.call('POST', '/api/v1/envelopes', { key: KEYS.globex, form: await form({ 'recipients[ana][phone]': '612 345 678' }) });
    expect(malformed.status).toBe(422);
    expect(malformed.body.details).toEqual([{ field: 'recipients.ana.phone', message: expect.stringMatching(/international format/) }]);

    const missing = await api.call('POST', '/api/v1/envelopes', { key: KEYS.globex, form: await form({}, { 'settings[validations][phone][enabled]': 'TRUE' }) });
    expect(missing.status).toBe(200);
    const envelope = missing.body.envelope as Body;
    expect(envelope).toMatchObject({ status: 'ERROR', errors: [{ field: 'recipients.ana.phone', code: 'PHONE_REQUIRED', message: expect.any(String) }] });
    expect((await api.call('POST', `/api/v1/envelopes/${envelope.id}/send_invitation`, { key: KEYS.globex })).status).toBe(409);

    const fixed = await api.call('PUT', `/api/v1/envelopes/${envelope.id}`, { key: KEYS.globex, form: { 'recipients[ana][email]': 'ana.phones@example.com', 'recipients[ana][name]': 'Ana Lima', 'recipients[ana][phone]': '+1 (415) 555-2671' } });
    expect(fixed.body.envelope).toMatchObject({ status: 'CREATED', errors: [] });
    const settings = await api.call('GET', `/api/v1/settings?scope=validations,localization`, { key: KEYS.globex });
    expect(settings.body.settings).toMatchObject({
      validations: { phone: { enabled: false, order: 0, methods: 'SMS' } },
      localization: { es: { sms: { phone_validation: { body: expect.stringMatching(/^Tu código de verificación para \{\{envelope\.name\}\} es \{\{validations\.code\}\}/) } } } }
    });
  });
});
