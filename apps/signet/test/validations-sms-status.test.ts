import knex, { Knex } from 'knex';
import { freePort, waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { type FakeSmsProvider, type StatusReport, startFakeSmsProvider } from './validations/fake-sms-provider';
import { ANA_PHONE, phoneEnvelope, signerSendCode, smsInSink } from './validations/sms-flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Answer {
  status: number;
  headers: Headers;
  body: Body;
}

/** Posts a delivery report as the provider does (form-encoded, signed); the answer is checked against the OpenAPI document like every fetch. */
async function post(url: string, fields: URLSearchParams | string, headers: Record<string, string>): Promise<Answer> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: fields });
  const body = (await response.json()) as Body;
  return { status: response.status, headers: response.headers, body };
}

const deliver = (report: StatusReport): Promise<Answer> => post(report.url, report.fields, { 'x-twilio-signature': report.signature });

/** What Signet keeps of the SMS the provider knows as `sid`. */
async function stored(db: Knex, sid: string): Promise<{ provider_status: string | null; last_error: string | null }> {
  return db('validation.sms_messages').select('provider_status', 'last_error').where({ provider_message_id: sid }).first();
}

describe('SMS delivery reports through the gateway, with a provider (monolith mode)', () => {
  let provider: FakeSmsProvider;
  let api: TestSignet;
  let db: Knex;
  let callbackUrl: string;

  /** Texts Ana a code and returns the provider's id of that SMS once Signet has stored what the send returned. */
  async function textedSid(): Promise<string> {
    const envelope = await phoneEnvelope(api, KEYS.globex);
    const before = provider.sids.length;
    expect((await signerSendCode(api, envelope.token, 'sms')).status).toBe(200);
    const sid = await waitFor(() => provider.sids.length > before && provider.sids.at(-1), 30_000, 'the SMS at the provider');
    await waitFor(async () => (await stored(db, sid))?.provider_status === 'queued', 30_000, 'the send recorded');
    return sid;
  }

  beforeAll(async () => {
    provider = await startFakeSmsProvider();
    const port = await freePort();
    callbackUrl = `http://127.0.0.1:${port}/sms/v1/status`;
    api = await startTestSignet({ ...provider.env, PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, SMS_STATUS_CALLBACK_URL: callbackUrl });
    db = knex({ client: 'pg', connection: api.signet.config.databaseUrl as string });
  });

  afterAll(async () => {
    await db.destroy();
    await api.close();
    await provider.close();
  });

  it('asks the provider to report to SMS_STATUS_CALLBACK_URL and records its reports: forward only, the first final status kept, repeats harmless', async () => {
    const sid = await textedSid();
    expect(provider.accepted.at(-1)?.get('StatusCallback')).toBe(callbackUrl);

    const sent = await deliver(provider.statusReport(sid, 'sent'));
    expect(sent).toMatchObject({ status: 200, body: { success: true, request_id: expect.any(String) } });
    expect((await stored(db, sid)).provider_status).toBe('sent');
    expect((await deliver(provider.statusReport(sid, 'delivered'))).status).toBe(200);
    expect(await stored(db, sid)).toEqual({ provider_status: 'delivered', last_error: null });

    // Twilio may repeat a report, and reports may cross: none of these moves a final status.
    for (const late of ['delivered', 'sent', 'queued', 'undelivered', 'failed']) {
      expect({ late, status: (await deliver(provider.statusReport(sid, late, { errorCode: '30003' }))).status }).toEqual({ late, status: 200 });
    }
    expect(await stored(db, sid)).toEqual({ provider_status: 'delivered', last_error: null });
  }, 120_000);

  it('refuses a forged, missing, tampered or misaddressed signature with 403 JSON and changes nothing; a genuine failure is recorded with its error code', async () => {
    const sid = await textedSid();
    const genuine = provider.statusReport(sid, 'delivered');
    const tampered = new URLSearchParams(genuine.fields);
    tampered.set('MessageStatus', 'failed');
    const attempts: Array<[string, Promise<Answer>]> = [
      ['another auth token', deliver(provider.statusReport(sid, 'delivered', { authToken: 'not-the-token' }))],
      ['no signature', post(genuine.url, genuine.fields, {})],
      ['a field changed after signing', post(genuine.url, tampered, { 'x-twilio-signature': genuine.signature })],
      ['an extra field', post(genuine.url, `${genuine.fields.toString()}&Extra=1`, { 'x-twilio-signature': genuine.signature })],
      ['signed for another URL', post(genuine.url, genuine.fields, { 'x-twilio-signature': provider.sign('https://elsewhere.example/sms/v1/status', genuine.fields) })]
    ];
    for (const [what, attempt] of attempts) {
      const refused = await attempt;
      expect({ what, status: refused.status, body: refused.body }).toEqual({
        what, status: 403, body: { error: expect.stringMatching(/X-Twilio-Signature/), code: 'FORBIDDEN', request_id: refused.headers.get('x-request-id') }
      });
    }
    expect(await stored(db, sid)).toEqual({ provider_status: 'queued', last_error: null });

    expect((await deliver(provider.statusReport(sid, 'failed', { errorCode: '30008' }))).status).toBe(200);
    expect(await stored(db, sid)).toEqual({ provider_status: 'failed', last_error: 'SMS provider reported failed (error 30008)' });
  }, 120_000);

  it('answers a signed report about no SMS of its own 404, one it cannot read 422, and a body that is not a form 415', async () => {
    const sid = await textedSid();
    const answers = {
      unknown: await deliver(changed(provider.statusReport(sid, 'delivered'), { MessageSid: 'SM999999', SmsSid: 'SM999999' })),
      unreadable: await deliver(changed(provider.statusReport(sid, 'delivered'), { MessageStatus: 'exploded' })),
      json: await fetch(callbackUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ MessageSid: sid, MessageStatus: 'delivered' }) })
    };
    expect(answers.unknown).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', error: 'No SMS with this MessageSid' } });
    expect(answers.unreadable).toMatchObject({ status: 422, body: { code: 'VALIDATION_FAILED', details: [{ field: 'MessageStatus', message: expect.stringMatching(/must be one of/) }] } });
    expect(answers.json.status).toBe(415);
    expect(await stored(db, sid)).toEqual({ provider_status: 'queued', last_error: null });
  }, 120_000);

  /** The report with some fields changed, signed again as the provider would sign it. */
  function changed(report: StatusReport, changes: Record<string, string>): StatusReport {
    const fields = new URLSearchParams(report.fields);
    for (const [name, value] of Object.entries(changes)) fields.set(name, value);
    return { url: report.url, fields, signature: provider.sign(report.url, fields) };
  }
});

describe('SMS delivery with the built-in sink (monolith mode, no provider)', () => {
  let api: TestSignet;
  let db: Knex;

  beforeAll(async () => {
    api = await startTestSignet();
    db = knex({ client: 'pg', connection: api.signet.config.databaseUrl as string });
  });

  afterAll(async () => {
    await db.destroy();
    await api.close();
  });

  it('records each SMS delivered itself, shows it at /dev/sms, and takes no provider reports (404)', async () => {
    const envelope = await phoneEnvelope(api, KEYS.globex);
    expect((await signerSendCode(api, envelope.token, 'sms')).status).toBe(200);
    const [sms] = await smsInSink(api, ANA_PHONE.e164, 1);
    expect(sms).toMatchObject({ status: 'delivered' });
    const row = await waitFor(async () => db('validation.sms_messages').select('status', 'provider_status').whereNotNull('provider_message_id').first(), 20_000, 'the SMS recorded');
    expect(row).toEqual({ status: 'SENT', provider_status: 'delivered' });

    const report = await post(`${api.url}/sms/v1/status`, new URLSearchParams({ MessageSid: 'SM1', MessageStatus: 'failed' }), { 'x-twilio-signature': 'anything' });
    expect(report).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', error: expect.stringMatching(/SMS_STATUS_CALLBACK_URL is not set/) } });
  }, 120_000);
});
