import { waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { apiKeyIdOf, publishEvent, specEvent } from './webhooks/events';
import { createWebhook, verifySignature } from './webhooks/flows';
import { Receiver, startReceiver } from './webhooks/receiver';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A well-formed id that names nothing. */
const UNKNOWN_ID = '0190a6b2-7c3e-7000-8000-000000000000';

/**
 * What each attempt sent and got back, dead letters and their retry, and test events, through the gateway
 * on the test clock (STANDARD: three attempts 5 seconds apart, then the delivery is a dead letter).
 */
describe('webhook deliveries in full, dead letters and test events', () => {
  let api: TestSignet;
  let receiver: Receiver;
  let acme: { tenantId: string; apiKeyId: string };
  const now = new Date().toISOString();
  const recipient = { id: 'rcp_dead', envelope_id: 'env_dead', custom_key: 'ana', order: 0, status: 'IN_PROGRESS', created_at: now, updated_at: now, name: 'Ana', name_label: null, email: 'ana@example.com', email_label: null };

  /** Moves Signet's clock; answers once what came due has run (a retry due by then is made and recorded). */
  const advance = async (duration: string): Promise<void> => {
    expect((await api.call('POST', '/dev/clock', { key: null, json: { advance_by: duration } })).status).toBe(200);
  };
  const deliveryOf = async (webhookId: string, deliveryId: string, key: string = KEYS.acme): Promise<Body> =>
    (await api.call('GET', `/api/v1/webhooks/${webhookId}/deliveries/${deliveryId}`, { key })).body.delivery as Body;
  const deadLetters = async (query: string, key: string = KEYS.acme): Promise<Body[]> => {
    const answer = await api.call('GET', `/api/v1/dead_letters${query}`, { key });
    expect(answer.status).toBe(200);
    return answer.body.dead_letters as Body[];
  };
  /** Waits for the delivery's `count`-th attempt to be recorded, moving the clock past each retry's due time first. */
  const attempted = async (webhookId: string, deliveryId: string, count: number, key: string = KEYS.acme): Promise<Body> => {
    const recorded = await deliveryOf(webhookId, deliveryId, key);
    if (recorded.attempts.length < count) await advance('PT5S');
    // Signet's test clock also runs with real time: a slow moment may have made the attempt already.
    return waitFor(async () => {
      const delivery = await deliveryOf(webhookId, deliveryId, key);
      return delivery.attempts.length >= count && delivery;
    }, 10_000, `attempt ${count} of delivery ${deliveryId}`);
  };
  /** A test event to a webhook whose receiver answers 500 three times, its schedule run out: its dead letter. */
  const deadLetterOf = async (webhookId: string, path: string, key: string = KEYS.acme): Promise<Body> => {
    receiver.script(path, [500, 500, 500]);
    const sent = await api.call('POST', `/api/v1/webhooks/${webhookId}/test`, { key });
    expect(sent.status).toBe(200);
    const deliveryId = (sent.body.delivery as Body).id as string;
    await waitFor(async () => (await deliveryOf(webhookId, deliveryId, key)).attempts.length === 1, 10_000, 'the first attempt');
    for (const count of [2, 3]) await attempted(webhookId, deliveryId, count, key);
    const [deadLetter] = await deadLetters(`?webhook_id=${webhookId}&state=unretried`, key);
    return deadLetter as Body;
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    api = await startTestSignet({ WEBHOOK_ALLOW_LOOPBACK: 'true', SIGNET_TEST_CLOCK: 'true' });
    acme = { tenantId: 'acme', apiKeyId: await apiKeyIdOf(api.signet.config.databaseUrl as string, KEYS.acme) };
  });

  afterAll(async () => {
    await api.close();
    await receiver.close();
  });

  it('shows what each failed attempt sent and got back; once the schedule runs out a dead letter; retried after the fix, the event arrives signed under its id', async () => {
    const hook = await createWebhook(api.call, KEYS.acme, { url: `${receiver.url}/down`, subscriptions: 'recipient.email_sent', auth_type: 'header', auth: 'Bearer hook-secret-value' });
    receiver.script('/down', [500, 500, 500, 500]);
    const event = specEvent('recipient.email_sent', {}, recipient);
    await publishEvent(api.signet.bus, event, acme);
    const [first] = await receiver.waitForCount('/down', 1);
    const [listed] = await waitFor(async () => {
      const log = (await api.call('GET', `/api/v1/webhooks/${hook.id}/deliveries`)).body.deliveries as Body[];
      return log[0]?.attempts.length === 1 && log;
    }, 10_000, 'the first attempt recorded');
    const deliveryId = (listed as Body).id as string;
    expect((listed as Body).attempts).toEqual([expect.objectContaining({ status_code: 500, response_body: 'not now', error: 'the receiver answered 500' })]);
    expect((listed as Body).attempts[0]).not.toHaveProperty('request_headers');

    await attempted(hook.id, deliveryId, 2);
    const failed = await attempted(hook.id, deliveryId, 3);
    expect(failed).toMatchObject({ id: deliveryId, event_id: event.id, event_type: 'recipient.email_sent', status: 'FAILED', next_attempt_at: null });
    expect(failed.request_body).toBe(first?.body);
    expect(JSON.parse(failed.request_body)).toEqual(event);
    expect((failed.attempts as Body[]).map((attempt) => [attempt.attempt, attempt.status_code, attempt.response_body])).toEqual([[1, 500, 'not now'], [2, 500, 'not now'], [3, 500, 'not now']]);
    for (const [index, attempt] of (failed.attempts as Body[]).entries()) {
      const received = receiver.at('/down')[index];
      expect(attempt.request_headers).toEqual({
        'user-agent': 'Signet-Webhooks/1.0', 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(failed.request_body)),
        authorization: '[redacted]', 'webhook-id': event.id, 'webhook-timestamp': received?.headers['webhook-timestamp'], 'webhook-signature': received?.headers['webhook-signature']
      });
      expect(attempt.response_headers).toMatchObject({ 'content-type': 'text/plain' });
    }
    expect(JSON.stringify(failed)).not.toContain('hook-secret-value');

    const [deadLetter] = await deadLetters('');
    expect(deadLetter).toEqual({
      id: expect.any(String), kind: 'webhook.delivery', webhook_id: hook.id, delivery_id: deliveryId, event_id: event.id, event_type: 'recipient.email_sent',
      attempts: 3, last_error: 'the receiver answered 500', last_status_code: 500, failed_at: failed.completed_at, retried_at: null
    });
    expect((await deadLetters('?state=unretried')).map((letter) => letter.id)).toContain(deadLetter?.id);
    expect((await deadLetters('?state=retried')).map((letter) => letter.id)).not.toContain(deadLetter?.id);

    // The receiver fails once more, then is fixed: the retry's round takes two attempts.
    const retried = await api.call('POST', `/api/v1/dead_letters/${deadLetter?.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({
      success: true, dead_letter: { id: deadLetter?.id, retried_at: expect.any(String) }, delivery: { id: deliveryId, status: 'PENDING', next_attempt_at: expect.any(String) }
    });
    const waiting = await waitFor(async () => {
      const delivery = await deliveryOf(hook.id, deliveryId);
      return delivery.attempts.length === 4 && delivery;
    }, 10_000, 'the first attempt of the retry');
    expect(waiting).toMatchObject({ status: 'PENDING', next_attempt_at: expect.any(String) });
    const again = await api.call('POST', `/api/v1/dead_letters/${deadLetter?.id}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
    expect(await deliveryOf(hook.id, deliveryId)).toEqual(waiting);

    const done = await attempted(hook.id, deliveryId, 5);
    expect(done.status).toBe('SUCCESS');
    expect((done.attempts as Body[]).map((attempt) => attempt.status_code)).toEqual([500, 500, 500, 500, 200]);
    const delivered = receiver.at('/down')[4];
    expect(delivered?.headers['webhook-id']).toBe(event.id);
    expect(verifySignature(hook.secret, delivered as never)).toEqual(event);
    expect((await deadLetters('?state=unretried')).map((letter) => letter.id)).not.toContain(deadLetter?.id);
    expect(await deadLetters('?state=retried')).toEqual([{ ...deadLetter, retried_at: (retried.body.dead_letter as Body).retried_at }]);
    expect((await api.call('POST', `/api/v1/dead_letters/${deadLetter?.id}/retry`)).status).toBe(409);
  });

  it('sends a test event to one webhook now, whatever it subscribes to: signed, with its auth, in the log', async () => {
    const hook = await createWebhook(api.call, KEYS.acme, { url: `${receiver.url}/tested`, subscriptions: 'envelope.voided', auth_type: 'header', auth: 'test-auth' });
    const bystander = await createWebhook(api.call, KEYS.acme, { url: `${receiver.url}/bystander`, subscriptions: 'envelope.voided' });
    const sent = await api.call('POST', `/api/v1/webhooks/${hook.id}/test`);
    expect(sent.status).toBe(200);
    const delivery = sent.body.delivery as Body;
    expect(sent.body).toMatchObject({ success: true, delivery: { webhook_id: hook.id, event_type: 'webhook.test', status: 'PENDING', attempts: [] } });

    const [arrived] = await receiver.waitForCount('/tested', 1);
    expect(arrived?.headers.authorization).toBe('test-auth');
    expect(verifySignature(hook.secret, arrived as never)).toEqual({ id: delivery.event_id, event_type: 'webhook.test', data: { webhook_id: hook.id, message: expect.any(String) } });
    const logged = await waitFor(async () => {
      const log = (await api.call('GET', `/api/v1/webhooks/${hook.id}/deliveries?event_type=webhook.test`)).body.deliveries as Body[];
      return log[0]?.status === 'SUCCESS' && log;
    }, 10_000, 'the test delivery recorded');
    expect(logged.map((entry) => entry.id)).toEqual([delivery.id]);
    expect((await api.call('GET', `/api/v1/webhooks/${bystander.id}/deliveries`)).body.deliveries).toEqual([]);
    expect(receiver.at('/bystander')).toEqual([]);
  });

  it("answers 404 for another key's or tenant's webhooks, deliveries and dead letters, and refuses bad input; neither changes anything", async () => {
    const hook = await createWebhook(api.call, KEYS.acme, { url: `${receiver.url}/mine`, subscriptions: 'envelope.voided' });
    const mine = await deadLetterOf(hook.id, '/mine');
    const otherHook = await createWebhook(api.call, KEYS.acmeSecond, { url: `${receiver.url}/theirs`, subscriptions: 'envelope.voided' });
    const theirs = await deadLetterOf(otherHook.id, '/theirs', KEYS.acmeSecond);
    const received = receiver.at('/mine').length;
    const before = await deliveryOf(hook.id, mine.delivery_id);

    for (const key of [KEYS.acmeSecond, KEYS.globex]) {
      expect((await api.call('GET', `/api/v1/webhooks/${hook.id}/deliveries/${mine.delivery_id}`, { key })).status).toBe(404);
      expect((await api.call('POST', `/api/v1/webhooks/${hook.id}/test`, { key })).status).toBe(404);
      const retry = await api.call('POST', `/api/v1/dead_letters/${mine.id}/retry`, { key });
      expect(retry.status).toBe(404);
      expect(retry.body.code).toBe('NOT_FOUND');
      expect((await deadLetters('', key)).map((letter) => letter.id)).not.toContain(mine.id);
      expect(await deadLetters(`?webhook_id=${hook.id}`, key)).toEqual([]);
    }
    expect((await deadLetters('')).map((letter) => letter.id)).not.toContain(theirs.id);
    expect((await api.call('POST', `/api/v1/dead_letters/${theirs.id}/retry`)).status).toBe(404);
    // A delivery of one webhook named under another webhook of the same key.
    expect((await api.call('GET', `/api/v1/webhooks/${hook.id}/deliveries/${theirs.delivery_id}`)).status).toBe(404);
    expect((await api.call('GET', `/api/v1/webhooks/${hook.id}/deliveries/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await api.call('GET', `/api/v1/webhooks/${hook.id}/deliveries/not-an-id`)).status).toBe(404);
    expect((await api.call('POST', `/api/v1/webhooks/${UNKNOWN_ID}/test`)).status).toBe(404);
    expect((await api.call('POST', `/api/v1/dead_letters/${UNKNOWN_ID}/retry`)).status).toBe(404);
    expect((await api.call('POST', '/api/v1/dead_letters/not-an-id/retry')).status).toBe(404);

    for (const query of ['?state=lost', '?limit=0', '?limit=101', '?cursor=not-a-cursor', '?webhook_id=not-an-id', '?colour=red']) {
      const refused = await api.call('GET', `/api/v1/dead_letters${query}`);
      expect([query, refused.status, refused.body.code]).toEqual([query, 422, 'VALIDATION_FAILED']);
    }
    const internal = await api.call('GET', `/api/v1/webhooks/${hook.id}/deliveries?event_type=envelope.created`);
    expect(internal.status).toBe(422);

    expect(await deadLetters(`?webhook_id=${hook.id}`)).toEqual([mine]);
    expect(await deadLetters(`?webhook_id=${otherHook.id}`, KEYS.acmeSecond)).toEqual([theirs]);
    expect(await deliveryOf(hook.id, mine.delivery_id)).toEqual(before);
    expect((await api.call('GET', `/api/v1/webhooks/${hook.id}/deliveries`)).body.deliveries).toHaveLength(1);
    expect(receiver.at('/mine')).toHaveLength(received);
  });

  it('pages dead letters newest first', async () => {
    const hook = await createWebhook(api.call, KEYS.globexSecond, { url: `${receiver.url}/paged`, subscriptions: 'envelope.voided' });
    const made: string[] = [];
    for (let count = 0; count < 3; count += 1) made.push((await deadLetterOf(hook.id, '/paged', KEYS.globexSecond)).id as string);
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: Body = (await api.call('GET', `/api/v1/dead_letters?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { key: KEYS.globexSecond })).body;
      expect(page.dead_letters.length).toBeLessThanOrEqual(2);
      seen.push(...(page.dead_letters as Body[]).map((letter) => letter.id as string));
      cursor = page.next_cursor;
    }
    expect(seen).toEqual([...made].reverse());
  });
});
