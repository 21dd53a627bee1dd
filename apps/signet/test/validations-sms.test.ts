import type { ConsumedEvent } from '@signet/bus';
import { findTextTokens } from '@signet/pdf';
import { waitFor } from '@signet/testkit';
import { INFRASTRUCTURE_MODES, KEYS, startTestSignet, TestSignet } from './harness';
import { session, sign, written } from './signing/flows';
import { type FakeSmsProvider, startFakeSmsProvider } from './validations/fake-sms-provider';
import { gate } from './validations/flows';
import { ANA_PHONE, codeInSms, mailedCode, phoneEnvelope, signerSendCode, signerVerifyCode, smsInSink } from './validations/sms-flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SMS_EVENTS = ['recipient.validation_code_generated', 'recipient.validation_code_sent', 'recipient.validation_code_success'];

/**
 * Monolith mode texts through the built-in sink (read at /dev/sms); the Kafka run texts through a fake
 * of the provider's Messages API on loopback, which fails the first attempt: the worker retries it.
 */
describe.each(INFRASTRUCTURE_MODES)('phone (SMS) validation through the gateway, %s', (mode, infrastructure) => {
  const throughProvider = mode.startsWith('Kafka');
  let api: TestSignet;
  let provider: FakeSmsProvider | null = null;
  let closeInfrastructure: () => Promise<void>;

  const eventsOf = (envelopeId: string, type: string): ConsumedEvent[] =>
    api.events.filter((event) => event.key === envelopeId && event.event.event_type === type);

  /** The texts Ana received, oldest first, from the provider or the sink. */
  const textsToAna = async (count: number): Promise<string[]> => {
    if (provider) {
      const accepted = provider.accepted;
      await waitFor(() => accepted.filter((form) => form.get('To') === ANA_PHONE.e164).length >= count, 30_000, `${count} SMS at the provider`);
      return accepted.filter((form) => form.get('To') === ANA_PHONE.e164).map((form) => form.get('Body') as string);
    }
    return (await smsInSink(api, ANA_PHONE.e164, count)).map((sms) => sms.body);
  };

  /** How many texts Ana has had so far (each test's envelope texts the same number). */
  const textsSoFar = async (): Promise<number> => {
    if (provider) return provider.accepted.filter((form) => form.get('To') === ANA_PHONE.e164).length;
    const response = await fetch(`${api.url}/dev/sms`, { headers: { accept: 'application/json' } });
    return ((await response.json()) as { messages: Array<{ to: string }> }).messages.filter((sms) => sms.to === ANA_PHONE.e164).length;
  };

  beforeAll(async () => {
    const infra = await infrastructure();
    closeInfrastructure = infra.close;
    if (throughProvider) provider = await startFakeSmsProvider();
    api = await startTestSignet({ ...infra.env, ...(provider?.env ?? {}) });
  });

  afterAll(async () => {
    await api.close();
    await provider?.close();
    await closeInfrastructure();
  });

  it('asks for both codes (SMS at order 0, email at order 1); the signer verifies by SMS and email, signs, and the envelope completes', async () => {
    const envelope = await phoneEnvelope(api, KEYS.globex, { 'settings[validations][email][enabled]': 'TRUE', 'settings[validations][email][order]': '1' });
    const before = await session(api, envelope.token);
    expect(before.body).toMatchObject({
      state: 'READY', documents: [], recipient: { masked_phone: '+34 ••••78' },
      validation: { required: true, order: 0, verified: false, channels: { sms: { required: true, order: 0, verified: false }, email: { required: true, order: 1, verified: false } } }
    });
    // Whoever holds the link learns where the code goes, never the number itself.
    expect(JSON.stringify(before.body).replace(/\D/g, '')).not.toContain('612345678');
    expect((await sign(api, envelope.token, written('Ana Lima'))).body.error).toBe('Verify the codes sent to you by email and by SMS before signing');

    provider?.failNext(1);
    const sent = await signerSendCode(api, envelope.token, 'sms');
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: true, expires_at: expect.any(String), request_id: expect.any(String) });
    const text = (await textsToAna(1)).at(-1);
    expect(text).toMatch(/^Your verification code for contract\.pdf is [0-9]{6}\. It expires at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/);
    if (provider) {
      // The first attempt met a 503; the worker tried again and the same code arrived.
      expect(provider.requests.filter((form) => form.get('To') === ANA_PHONE.e164)).toHaveLength(2);
      expect(provider.requests[0]?.get('Body')).toBe(text);
      expect(provider.accepted[0]?.get('From')).toBe('+15005550006');
    }
    const smsCode = codeInSms(text as string);
    expect((await signerVerifyCode(api, envelope.token, smsCode)).status).toBe(404);
    const verified = await signerVerifyCode(api, envelope.token, smsCode, 'sms');
    expect(verified.status).toBe(200);

    const halfway = await session(api, envelope.token);
    expect(halfway.body).toMatchObject({ validation: { required: true, order: 1, verified: false, channels: { sms: { verified: true }, email: { verified: false } } }, documents: [{ name: 'contract.pdf' }] });
    expect((await sign(api, envelope.token, written('Ana Lima'))).body.error).toBe('Verify the code emailed to you before signing');

    const email = (halfway.body.recipient as Body).email as string;
    expect((await signerSendCode(api, envelope.token)).status).toBe(200);
    expect((await signerVerifyCode(api, envelope.token, await mailedCode(api, email))).status).toBe(200);
    expect(await gate(api, 'globex', envelope.id, envelope.recipientId)).toMatchObject({ required: true, verified: true, channels: { sms: { verified: true }, email: { verified: true } } });

    expect((await sign(api, envelope.token, written('Ana Lima'))).status).toBe(200);
    await waitFor(async () => (await api.call('GET', `/api/v1/envelopes/${envelope.id}`, { key: KEYS.globex })).body.envelope, 30_000, 'the envelope');
    await waitFor(async () => ((await api.call('GET', `/api/v1/envelopes/${envelope.id}`, { key: KEYS.globex })).body.envelope as Body).status === 'SUCCESS', 60_000, 'SUCCESS');

    await waitFor(() => SMS_EVENTS.every((type) => eventsOf(envelope.id, type).length === 2), 20_000, 'the validation events of both channels');
    for (const type of SMS_EVENTS) {
      const channels = eventsOf(envelope.id, type).map((event) => (event.event.data as Body).validation.channel).sort();
      expect({ type, channels }).toEqual({ type, channels: ['email', 'sms'] });
    }
    // The evidence sheet names both channels the recipient verified, with the times (re-rendered if the
    // validation events reach the evidence part after its first render).
    await waitFor(async () => {
      const evidence = await api.call('GET', `/api/v1/envelopes/${envelope.id}/evidence`, { key: KEYS.globex });
      if (evidence.status !== 200) return false;
      const pdf = new Uint8Array(await (await fetch(evidence.body.evidence_document_url as string)).arrayBuffer());
      const found = await findTextTokens(pdf, ['email code verified', 'SMS code verified', (verified.body.verified_at as string).replace(/\.\d{3}Z$/, '+00:00')]);
      return Object.values(found).every((positions) => positions.length > 0);
    }, 60_000, 'the evidence sheet with both channels');

    const everything = JSON.stringify(api.events.filter((event) => event.key === envelope.id).map((event) => event.event));
    expect(everything).not.toContain('612345678');
    expect(everything).not.toMatch(new RegExp(`(?<![0-9.])${smsCode}(?![0-9])`));
  }, 240_000);

  it('with phone validation alone (order 1) shows the documents, refuses email codes (409) and counts wrong SMS codes', async () => {
    const envelope = await phoneEnvelope(api, KEYS.globex, { 'settings[validations][phone][order]': '1' });
    expect((await session(api, envelope.token)).body).toMatchObject({ validation: { required: true, order: 1 }, documents: [{ name: 'contract.pdf' }] });
    expect((await signerSendCode(api, envelope.token)).body).toMatchObject({ code: 'CONFLICT', error: expect.stringMatching(/Email validation is not enabled/) });
    const before = await textsSoFar();
    expect((await signerSendCode(api, envelope.token, 'sms')).status).toBe(200);
    const code = codeInSms((await textsToAna(before + 1)).at(-1) as string);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await signerVerifyCode(api, envelope.token, wrong, 'sms');
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('The code is not correct: 2 attempts left');
    expect((await signerVerifyCode(api, envelope.token, code, 'sms')).status).toBe(200);
    expect((await sign(api, envelope.token, written('Ana Lima'))).status).toBe(200);
  }, 120_000);
});
