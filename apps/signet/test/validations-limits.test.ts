import type { ConsumedEvent } from '@signet/bus';
import { SmtpSink, startSmtpSink, waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { announced } from './part-tables';
import { codeIn, envelopeWithValidation, sendCode, Signer, verifyCode, wrongCode } from './validations/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Limits, attempts and expiry on an injected clock that stands still until the test
 * moves it: a slow host must not shorten a Retry-After between two calls.
 */
describe('email validation limits on an injected clock', () => {
  let api: TestSignet;
  let smtp: SmtpSink;
  const startedAt = Date.now();
  let offsetMs = 0;
  /** Moves the injected clock, and the jobs queued by it (a code's expiry) with it. */
  const advance = async (ms: number): Promise<void> => {
    offsetMs += ms;
    await api.signet.jobs.clockMovedBy(ms);
  };

  const eventsOf = (recipientId: string, type: string): ConsumedEvent[] =>
    api.events.filter((event) => event.event.event_type === type && (event.event.data as Body).id === recipientId);
  /** The newest code mailed to the signer: each send_code mails one, in order. */
  const latestCode = async (signer: Signer, count: number): Promise<string> => {
    const mails = await waitFor(() => {
      const found = smtp.messages().filter((mail) => mail.to.includes(signer.email));
      return found.length === count && found;
    }, 20_000, `mail ${count} to ${signer.email}`);
    return codeIn(mails[count - 1] as (typeof mails)[number]);
  };

  /**
   * Sends the signer a code and waits until the worker has recorded it as sent: until then the worker holds
   * the code's row, and the sweeper passes over a row somebody holds.
   */
  const sentCode = async (envelopeId: string, signer: Signer): Promise<void> => {
    expect((await sendCode(api, KEYS.globex, envelopeId, signer.id)).status).toBe(200);
    await waitFor(() => eventsOf(signer.id, 'recipient.validation_code_sent').length === 1, 20_000, `the code sent to ${signer.email}`);
  };
  /** The expiries of the signer's codes the validation part has announced (its outbox). */
  const expiriesAnnounced = async (envelopeId: string, signer: Signer) =>
    (await announced(api, 'validation', 'recipient.validation_code_expired', envelopeId)).filter((event) => (event.data as Body).id === signer.id);

  beforeAll(async () => {
    smtp = await startSmtpSink();
    api = await startTestSignet({ SMTP_URL: smtp.url }, undefined, () => new Date(startedAt + offsetMs));
  });

  afterAll(async () => {
    await api.close();
    await smtp.stop();
  });

  it('refuses a second code within 60 seconds (429, Retry-After) and makes the newest code the only one that works', async () => {
    const envelope = await envelopeWithValidation(api, KEYS.globex);
    const ana = envelope.signers[0] as Signer;
    const first = await sendCode(api, KEYS.globex, envelope.id, ana.id);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('5');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('4');
    const firstCode = await latestCode(ana, 1);

    const early = await sendCode(api, KEYS.globex, envelope.id, ana.id);
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ code: 'RATE_LIMITED', error: expect.stringMatching(/60 seconds/) });
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThanOrEqual(59);
    expect(Number(early.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    await advance(59 * SECOND);
    expect((await sendCode(api, KEYS.globex, envelope.id, ana.id)).headers.get('retry-after')).toBe('1');
    await advance(1 * SECOND);
    const second = await sendCode(api, KEYS.globex, envelope.id, ana.id);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-ratelimit-remaining')).toBe('3');
    const secondCode = await latestCode(ana, 2);

    // One time in a million the new code equals the old one, and then the old one is the new one.
    if (firstCode !== secondCode) {
      expect((await verifyCode(api, KEYS.globex, envelope.id, ana.id, firstCode)).status).toBe(422);
    }
    expect((await verifyCode(api, KEYS.globex, envelope.id, ana.id, secondCode)).status).toBe(200);
  });

  it('allows 5 codes in any hour, then 429 until the first of them is an hour old', async () => {
    const envelope = await envelopeWithValidation(api, KEYS.globex);
    const ben = envelope.signers[1] as Signer;
    for (let sent = 0; sent < 5; sent += 1) {
      expect((await sendCode(api, KEYS.globex, envelope.id, ben.id)).status).toBe(200);
      await advance(61 * SECOND);
    }
    const sixth = await sendCode(api, KEYS.globex, envelope.id, ben.id);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatch(/5 codes were sent to this recipient in the last hour/);
    expect(sixth.headers.get('x-ratelimit-remaining')).toBe('0');
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(60 * 60 - 5 * 61 - 1);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60 - 5 * 61);
    await advance(retryAfter * SECOND - 2 * SECOND);
    expect((await sendCode(api, KEYS.globex, envelope.id, ben.id)).status).toBe(429);
    await advance(2 * SECOND);
    expect((await sendCode(api, KEYS.globex, envelope.id, ben.id)).status).toBe(200);
  });

  it('counts wrong codes: 422 with the attempts left, and the third failure kills the code', async () => {
    const envelope = await envelopeWithValidation(api, KEYS.globex);
    const ana = envelope.signers[0] as Signer;
    await sendCode(api, KEYS.globex, envelope.id, ana.id);
    const code = await latestCode(ana, 1);
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt += 1) answers.push(await verifyCode(api, KEYS.globex, envelope.id, ana.id, wrongCode(code)));
    expect(answers.map((answer) => [answer.status, answer.body.code, answer.body.error])).toEqual([
      [422, 'VALIDATION_FAILED', 'The code is not correct: 2 attempts left'],
      [422, 'VALIDATION_FAILED', 'The code is not correct: 1 attempt left'],
      [422, 'VALIDATION_FAILED', 'The code is not correct, and after 3 failed attempts it no longer works: request a new code']
    ]);
    const dead = await verifyCode(api, KEYS.globex, envelope.id, ana.id, code);
    expect(dead.status).toBe(422);
    expect(dead.body.error).toBe('The code failed 3 times and no longer works: request a new code');

    await waitFor(() => eventsOf(ana.id, 'recipient.validation_code_failed').length === 3 && eventsOf(ana.id, 'recipient.validation_max_attempts').length === 1, 10_000, 'failed and max_attempts');
    expect(eventsOf(ana.id, 'recipient.validation_code_failed').map((event) => (event.event.data as Body).validation.attempts_left)).toEqual([2, 1, 0]);
    expect((eventsOf(ana.id, 'recipient.validation_max_attempts')[0]?.event.data as Body).validation).toMatchObject({ status: 'EXHAUSTED', attempts_left: 0 });

    await advance(61 * SECOND);
    await sendCode(api, KEYS.globex, envelope.id, ana.id);
    expect((await verifyCode(api, KEYS.globex, envelope.id, ana.id, await latestCode(ana, 2))).status).toBe(200);
  });

  it('refuses a code used after 30 minutes (422) and announces its expiry once', async () => {
    const envelope = await envelopeWithValidation(api, KEYS.globex);
    const [ana, ben] = envelope.signers as [Signer, Signer];
    await sendCode(api, KEYS.globex, envelope.id, ana.id);
    const code = await latestCode(ana, 1);
    await advance(30 * MINUTE);
    const late = await verifyCode(api, KEYS.globex, envelope.id, ana.id, code);
    expect(late.status).toBe(422);
    expect(late.body.error).toBe('The code has expired: request a new code');
    expect((await verifyCode(api, KEYS.globex, envelope.id, ana.id, code)).status).toBe(422);
    // Ben's code, sent now and left to expire, is swept after ana's was settled: any expiry of ana's code
    // that sweep (or an earlier one) made is in the outbox by the time ben's is announced.
    await sentCode(envelope.id, ben);
    await advance(30 * MINUTE);
    await waitFor(() => eventsOf(ben.id, 'recipient.validation_code_expired').length === 1, 10_000, "ben's code swept");
    expect(await expiriesAnnounced(envelope.id, ana)).toHaveLength(1);
    await waitFor(() => eventsOf(ana.id, 'recipient.validation_code_expired').length === 1, 10_000, 'validation_code_expired');
    expect(eventsOf(ana.id, 'recipient.validation_code_expired')).toHaveLength(1);
    expect((eventsOf(ana.id, 'recipient.validation_code_expired')[0]?.event.data as Body).validation).toMatchObject({ status: 'EXPIRED', attempts_left: 3 });
  });

  it('announces the expiry of a code nobody tried, once its 30 minutes are up', async () => {
    const envelope = await envelopeWithValidation(api, KEYS.globex);
    const [ana, ben] = envelope.signers as [Signer, Signer];
    // Ana's code is a minute older than ben's: the sweep that expires it read the clock when ben's had a minute
    // left, and would have expired ben's in the same transaction.
    await sentCode(envelope.id, ana);
    await advance(1 * MINUTE);
    await sentCode(envelope.id, ben);
    await advance(29 * MINUTE);
    await waitFor(() => eventsOf(ana.id, 'recipient.validation_code_expired').length === 1, 10_000, "ana's code swept");
    expect(await expiriesAnnounced(envelope.id, ben)).toEqual([]);
    expect(eventsOf(ben.id, 'recipient.validation_code_expired')).toEqual([]);
    await advance(1 * MINUTE);
    const [expired] = await waitFor(() => eventsOf(ben.id, 'recipient.validation_code_expired').length === 1 && eventsOf(ben.id, 'recipient.validation_code_expired'), 10_000, 'the sweeper');
    expect(expired?.key).toBe(envelope.id);
  });
});
