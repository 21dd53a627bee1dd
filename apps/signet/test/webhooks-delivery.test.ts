import type { ConsumedEvent } from '@signet/bus';
import { SPEC_EVENT_TYPES, SpecEventType } from '@signet/contracts';
import { freePort, waitFor } from '@signet/testkit';
import { INFRASTRUCTURE_MODES, KEYS, startTestSignet, TestSignet } from './harness';
import { apiKeyIdOf, publishEvent, specEvent } from './webhooks/events';
import { createAndSendEnvelope, createWebhook, verifySignature } from './webhooks/flows';
import { Receiver, startReceiver } from './webhooks/receiver';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const WEBHOOK_ENV = { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_TIMEOUT_MS: '2000', METRICS_PORT: '0' };


const SEND_EVENTS = 'envelope.in_progress,recipient.link_generated,recipient.in_progress';

describe.each(INFRASTRUCTURE_MODES)('webhook deliveries of a sent envelope, %s', (_mode, infrastructure) => {
  let api: TestSignet;
  let receiver: Receiver;
  let closeInfrastructure: () => Promise<void>;

  beforeAll(async () => {
    const infra = await infrastructure();
    closeInfrastructure = infra.close;
    receiver = await startReceiver();
    api = await startTestSignet({ ...infra.env, ...WEBHOOK_ENV });
  });

  afterAll(async () => {
    await api.close();
    await receiver.close();
    await closeInfrastructure();
  });

  it('POSTs each event to the creating key\'s webhook, as on the bus, with its auth header and a Standard Webhooks signature; other keys get nothing', async () => {
    const hook = await createWebhook(api.call, KEYS.globex, { url: `${receiver.url}/creator`, subscriptions: SEND_EVENTS, auth_type: 'header', auth: 'creator-secret' });
    const sameTenant = await createWebhook(api.call, KEYS.globexSecond, { url: `${receiver.url}/same-tenant`, subscriptions: SEND_EVENTS });
    const otherTenant = await createWebhook(api.call, KEYS.acme, { url: `${receiver.url}/other-tenant`, subscriptions: SEND_EVENTS });
    const envelopeId = await createAndSendEnvelope(api.call, KEYS.globex);

    const published = (): ConsumedEvent[] => api.events.filter((seen) => seen.key === envelopeId && SEND_EVENTS.split(',').includes(seen.event.event_type));
    await waitFor(() => published().length === 5, 20_000, 'the send events on the bus');
    const delivered = await receiver.waitForCount('/creator', 5);
    expect(delivered.map((delivery) => delivery.event.id).sort()).toEqual(published().map((seen) => seen.event.id).sort());
    expect(delivered.map((delivery) => delivery.event.event_type).sort()).toEqual([
      'envelope.in_progress', 'recipient.in_progress', 'recipient.in_progress', 'recipient.link_generated', 'recipient.link_generated'
    ]);
    for (const delivery of delivered) {
      const onTheBus = published().find((seen) => seen.event.id === delivery.event.id) as ConsumedEvent;
      expect(delivery.body).toBe(JSON.stringify(onTheBus.event));
      expect(delivery.headers).toMatchObject({
        authorization: 'creator-secret', 'content-type': 'application/json', 'webhook-id': onTheBus.event.id, 'webhook-timestamp': expect.stringMatching(/^\d{10}$/)
      });
      expect(verifySignature(hook.secret, delivery)).toEqual(onTheBus.event);
    }
    const links = delivered.filter((delivery) => delivery.event.event_type === 'recipient.link_generated');
    expect(links.map((delivery) => delivery.event.data.signing_url)).toEqual([expect.stringContaining('/sign/'), expect.stringContaining('/sign/')]);

    // The receiver answers before the worker records the outcome: wait for the log to catch up.
    const log = await waitFor(async () => {
      const answer = await api.call('GET', `/api/v1/webhooks/${hook.id}/deliveries`, { key: KEYS.globex });
      return (answer.body.deliveries as Body[]).every((entry) => entry.status !== 'PENDING') && answer;
    }, 10_000, 'every delivery recorded');
    expect(log.body.deliveries).toHaveLength(5);
    for (const entry of log.body.deliveries as Body[]) {
      expect(entry).toMatchObject({ webhook_id: hook.id, status: 'SUCCESS', next_attempt_at: null, completed_at: expect.any(String), attempts: [{ attempt: 1, status_code: 200, error: null, response_body: 'thanks' }] });
    }
    for (const [key, other] of [[KEYS.globexSecond, sameTenant], [KEYS.acme, otherTenant]] as const) {
      expect((await api.call('GET', `/api/v1/webhooks/${other.id}/deliveries`, { key })).body.deliveries).toEqual([]);
    }
    expect(receiver.at('/same-tenant').concat(receiver.at('/other-tenant'))).toEqual([]);

    const metrics = await (await fetch(`${api.signet.metricsUrl as string}/metrics`)).text();
    expect(metrics).toMatch(/signet_webhook_delivery_attempts_total\{outcome="delivered"\} [1-9]/);
    expect(metrics).toMatch(/signet_webhook_deliveries_total\{status="SUCCESS"\} [1-9]/);
    expect(metrics).toMatch(/signet_jobs_backlog\{kind="webhook-delivery.deliver-webhook",measure="queued"\} 0/);
  });
});

describe('webhook delivery guarantees (monolith mode)', () => {
  let api: TestSignet;
  let receiver: Receiver;
  let acmeKeyId: string;
  let acmeSecondKeyId: string;
  const acme = () => ({ tenantId: 'acme', apiKeyId: acmeKeyId });

  /** A valid recipient event of the acme key, as the envelope service would publish it. */
  let recipientData: Body;
  let envelopeData: Body;
  const recipientEvent = (eventType: SpecEventType = 'recipient.email_sent') => specEvent(eventType, envelopeData, recipientData);
  const deliveriesOf = async (webhookId: string, query = '', key: string = KEYS.acme): Promise<Body> =>
    (await api.call('GET', `/api/v1/webhooks/${webhookId}/deliveries${query}`, { key })).body;
  /**
   * The webhook's deliveries once the one of `eventId` is listed and none is PENDING. The bus hands over a
   * topic's events of one key in order and each is scheduled before the next is read, so every delivery an
   * earlier event of that topic and key called for is listed too, and each listed one has been POSTed.
   */
  const deliveriesUpTo = (webhookId: string, eventId: string): Promise<Body[]> => waitFor(async () => {
    const listed = (await deliveriesOf(webhookId)).deliveries as Body[];
    return listed.some((delivery) => delivery.event_id === eventId) && listed.every((delivery) => delivery.status !== 'PENDING') && listed;
  }, 20_000, `the deliveries up to event ${eventId}`);
  /** Attempts that did not deliver, as /metrics counts them: each once its outcome is recorded (or found to have no delivery left). */
  const failedAttempts = async (): Promise<number> => {
    const metrics = await (await fetch(`${api.signet.metricsUrl as string}/metrics`)).text();
    return Number(/^signet_webhook_delivery_attempts_total\{outcome="failed"\} (\d+)$/m.exec(metrics)?.[1] ?? 0);
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    api = await startTestSignet({ ...WEBHOOK_ENV, WEBHOOK_RETRY_DELAY_MS: '300' });
    const databaseUrl = api.signet.config.databaseUrl as string;
    acmeKeyId = await apiKeyIdOf(databaseUrl, KEYS.acme);
    acmeSecondKeyId = await apiKeyIdOf(databaseUrl, KEYS.acmeSecond);
    const envelopeId = await createAndSendEnvelope(api.call, KEYS.globex);
    const [envelope, recipient] = await waitFor(() => {
      const sent = api.events.find((seen) => seen.key === envelopeId && seen.event.event_type === 'envelope.in_progress');
      const turn = api.events.find((seen) => seen.key === envelopeId && seen.event.event_type === 'recipient.in_progress');
      return sent && turn && [sent.event.data as Body, turn.event.data as Body];
    }, 20_000, 'real envelope and recipient payloads');
    envelopeData = envelope as Body;
    recipientData = recipient as Body;
  });

  afterAll(async () => {
    await api.close();
    await receiver.close();
  });

  it('retries a receiver that fails twice: 3 attempts, the same event id and body each time, then SUCCESS', async () => {
    const hook = await createWebhook(api.call, KEYS.acme, { url: `${receiver.url}/flaky`, subscriptions: 'recipient.email_sent' });
    receiver.script('/flaky', [500, 503]);
    const event = recipientEvent();
    await publishEvent(api.signet.bus, event, acme());
    const attempts = await receiver.waitForCount('/flaky', 3);
    expect(attempts.map((attempt) => attempt.headers['webhook-id'])).toEqual([event.id, event.id, event.id]);
    expect(new Set(attempts.map((attempt) => attempt.body)).size).toBe(1);
    for (const attempt of attempts) expect(verifySignature(hook.secret, attempt)).toEqual(event);
    for (const [earlier, later] of [[0, 1], [1, 2]] as const) {
      expect((attempts[later] as { receivedAt: number }).receivedAt - (attempts[earlier] as { receivedAt: number }).receivedAt).toBeGreaterThanOrEqual(290);
    }

    const [delivery] = (await waitFor(async () => {
      const log = await deliveriesOf(hook.id);
      return log.deliveries[0]?.status === 'SUCCESS' && log;
    }, 10_000, 'SUCCESS')).deliveries as Body[];
    expect(delivery).toMatchObject({ event_id: event.id, event_type: 'recipient.email_sent', status: 'SUCCESS' });
    expect((delivery?.attempts as Body[]).map((attempt) => [attempt.attempt, attempt.status_code, attempt.error])).toEqual([
      [1, 500, 'the receiver answered 500'], [2, 503, 'the receiver answered 503'], [3, 200, null]
    ]);
    for (const attempt of delivery?.attempts as Body[]) expect(attempt.duration_ms).toEqual(expect.any(Number));
  });

  it('marks the delivery FAILED after 3 attempts at a receiver that is down, keeps it, and redelivers it on request', async () => {
    const port = await freePort();
    const hook = await createWebhook(api.call, KEYS.acme, { url: `http://127.0.0.1:${port}/down`, subscriptions: 'recipient.email_bounced' });
    const event = recipientEvent('recipient.email_bounced');
    await publishEvent(api.signet.bus, event, acme());
    const failed = await waitFor(async () => {
      const [delivery] = (await deliveriesOf(hook.id)).deliveries as Body[];
      return delivery?.status === 'FAILED' && delivery;
    }, 10_000, 'FAILED');
    expect((failed.attempts as Body[]).map((attempt) => [attempt.attempt, attempt.status_code])).toEqual([[1, null], [2, null], [3, null]]);
    for (const attempt of failed.attempts as Body[]) expect(attempt.error).toContain('ECONNREFUSED');
    expect(failed).toMatchObject({ next_attempt_at: null, completed_at: expect.any(String) });
    expect((await deliveriesOf(hook.id, '?status=FAILED')).deliveries).toHaveLength(1);

    const revived = await startReceiver(port);
    try {
      const redelivered = await api.call('POST', `/api/v1/webhooks/${hook.id}/deliveries/${failed.id}/redeliver`);
      expect(redelivered.status).toBe(200);
      expect(redelivered.body).toMatchObject({ success: true, delivery: { id: failed.id, status: 'PENDING' } });
      const [arrived] = await revived.waitForCount('/down', 1);
      expect(verifySignature(hook.secret, arrived as never)).toEqual(event);
      const done = await waitFor(async () => {
        const [delivery] = (await deliveriesOf(hook.id)).deliveries as Body[];
        return delivery?.status === 'SUCCESS' && delivery;
      }, 10_000, 'SUCCESS after redelivery');
      expect((done.attempts as Body[]).map((attempt) => attempt.attempt)).toEqual([1, 2, 3, 4]);
      const again = await api.call('POST', `/api/v1/webhooks/${hook.id}/deliveries/${failed.id}/redeliver`);
      expect(again.status).toBe(200);
      await revived.waitForCount('/down', 2);
    } finally {
      await revived.close();
    }
  });

  it('refuses to redeliver a delivery that is still PENDING', async () => {
    const hook = await createWebhook(api.call, KEYS.acme, { url: `${receiver.url}/slow`, subscriptions: 'recipient.email_opened', retry_schedule: 'EXTENDED' });
    receiver.script('/slow', [500, 500, 500]);
    await publishEvent(api.signet.bus, recipientEvent('recipient.email_opened'), acme());
    await receiver.waitForCount('/slow', 3);
    const pending = await waitFor(async () => {
      const [delivery] = (await deliveriesOf(hook.id)).deliveries as Body[];
      return delivery?.attempts.length === 3 && delivery;
    }, 10_000, 'three attempts');
    // EXTENDED goes on: the fourth attempt waits 5 minutes after the third.
    expect(pending.status).toBe('PENDING');
    const wait = Date.parse(pending.next_attempt_at) - Date.parse((pending.attempts as Body[])[2]?.attempted_at);
    expect(wait).toBeGreaterThanOrEqual(5 * 60_000);
    expect(wait).toBeLessThan(5 * 60_000 + 5_000);
    const refused = await api.call('POST', `/api/v1/webhooks/${hook.id}/deliveries/${pending.id}/redeliver`);
    expect(refused.status).toBe(409);
  });

  it('delivers an event the bus hands over twice only once', async () => {
    const hook = await createWebhook(api.call, KEYS.acme, { url: `${receiver.url}/twice`, subscriptions: 'recipient.email_clicked' });
    const event = recipientEvent('recipient.email_clicked');
    await publishEvent(api.signet.bus, event, acme());
    await publishEvent(api.signet.bus, event, acme());
    // Same topic and key: consumed after the duplicate, so once it is delivered the duplicate has been handled.
    const sentinel = recipientEvent('recipient.email_clicked');
    await publishEvent(api.signet.bus, sentinel, acme());
    const log = await deliveriesUpTo(hook.id, sentinel.id);
    expect(log.map((delivery) => delivery.event_id).sort()).toEqual([event.id, sentinel.id].sort());
    expect(receiver.at('/twice').map((delivery) => delivery.event.id).sort()).toEqual([event.id, sentinel.id].sort());
  });

  it('delivers nothing of an event that names another key or another tenant', async () => {
    const hook = await createWebhook(api.call, KEYS.acme, { url: `${receiver.url}/isolated`, subscriptions: 'recipient.email_received' });
    await publishEvent(api.signet.bus, recipientEvent('recipient.email_received'), { tenantId: 'acme', apiKeyId: acmeSecondKeyId });
    await publishEvent(api.signet.bus, recipientEvent('recipient.email_received'), { tenantId: 'globex', apiKeyId: acmeKeyId });
    // Same topic and key as the other two: consumed after them.
    const mine = recipientEvent('recipient.email_received');
    await publishEvent(api.signet.bus, mine, acme());
    const log = await deliveriesUpTo(hook.id, mine.id);
    expect(log.map((delivery) => delivery.event_id)).toEqual([mine.id]);
    expect(receiver.at('/isolated').map((delivery) => delivery.event.id)).toEqual([mine.id]);
  });

  it('lets a webhook subscribe to each of the API\'s 20 events and delivers each when it occurs; the log pages and filters', async () => {
    const hook = await createWebhook(api.call, KEYS.acmeSecond, { url: `${receiver.url}/all`, subscriptions: SPEC_EVENT_TYPES.join(',') });
    const events = SPEC_EVENT_TYPES.map((eventType) => specEvent(eventType, envelopeData, recipientData));
    for (const event of events) await publishEvent(api.signet.bus, event, { tenantId: 'acme', apiKeyId: acmeSecondKeyId });
    const delivered = await receiver.waitForCount('/all', 20);
    expect(delivered.map((delivery) => delivery.event.event_type).sort()).toEqual([...SPEC_EVENT_TYPES].sort());
    for (const delivery of delivered) expect(verifySignature(hook.secret, delivery)).toEqual(events.find((event) => event.id === delivery.event.id));

    await waitFor(async () => (await deliveriesOf(hook.id, '?status=SUCCESS&limit=100', KEYS.acmeSecond)).deliveries.length === 20, 10_000, '20 SUCCESS');
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: Body = await deliveriesOf(hook.id, `?limit=7${cursor ? `&cursor=${cursor}` : ''}`, KEYS.acmeSecond);
      expect(page.deliveries.length).toBeLessThanOrEqual(7);
      seen.push(...(page.deliveries as Body[]).map((delivery) => delivery.id as string));
      cursor = page.next_cursor;
    }
    expect(seen).toHaveLength(20);
    expect([...seen].sort().reverse()).toEqual(seen);
    const signed = await deliveriesOf(hook.id, '?event_type=recipient.signed_all', KEYS.acmeSecond);
    expect((signed.deliveries as Body[]).map((delivery) => delivery.event_id)).toEqual([events.find((event) => event.event_type === 'recipient.signed_all')?.id]);
    expect((await deliveriesOf(hook.id, '?status=FAILED', KEYS.acmeSecond)).deliveries).toEqual([]);
  });

  it('stops retrying a webhook once it is deleted, and sends pending retries to the url it has now', async () => {
    const doomed = await createWebhook(api.call, KEYS.acme, { url: `${receiver.url}/doomed`, subscriptions: 'recipient.rejected' });
    const moved = await createWebhook(api.call, KEYS.acme, { url: `${receiver.url}/old-address`, subscriptions: 'recipient.rejected' });
    // Each first attempt is held until it times out (2 s): the changes below land while it is in flight.
    receiver.script('/doomed', ['hang']);
    receiver.script('/old-address', ['hang']);
    const failedBefore = await failedAttempts();
    await publishEvent(api.signet.bus, recipientEvent('recipient.rejected'), acme());
    await receiver.waitForCount('/doomed', 1);
    await receiver.waitForCount('/old-address', 1);
    expect((await api.call('DELETE', `/api/v1/webhooks/${doomed.id}`)).status).toBe(200);
    expect((await api.call('PUT', `/api/v1/webhooks/${moved.id}`, { json: { url: `${receiver.url}/new-address` } })).status).toBe(200);
    // Once both held attempts are over, the deleted webhook has no delivery left (its attempt did not bring
    // one back), and without a delivery the worker has nothing it could ever retry.
    await waitFor(async () => (await failedAttempts()) >= failedBefore + 2, 20_000, 'both held attempts to end');
    expect(await api.tables('webhook_delivery.deliveries').where({ webhook_id: doomed.id }).select('id', 'status')).toEqual([]);
    await receiver.waitForCount('/new-address', 1);
    const delivery = await waitFor(async () => {
      const [latest] = (await deliveriesOf(moved.id)).deliveries as Body[];
      return latest?.status === 'SUCCESS' && latest;
    }, 10_000, 'the retry recorded');
    expect((delivery.attempts as Body[]).map((attempt) => [attempt.status_code, attempt.error])).toEqual([[null, 'timed out after 2000 ms'], [200, null]]);
    expect(receiver.at('/doomed')).toHaveLength(1);
    expect(receiver.at('/old-address')).toHaveLength(1);
  });
});
