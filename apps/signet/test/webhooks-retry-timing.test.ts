import { waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { apiKeyIdOf, publishEvent, specEvent } from './webhooks/events';
import { createWebhook } from './webhooks/flows';
import { Receiver, startReceiver } from './webhooks/receiver';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Retry timing on an injected clock that stands still until the test moves it: the standard 5 seconds, exactly. */
describe('webhook retry timing (STANDARD: 3 attempts, 5 seconds apart)', () => {
  let api: TestSignet;
  let receiver: Receiver;
  let now = Date.now();
  let owner: { tenantId: string; apiKeyId: string };
  let control: { id: string };
  const recipient = { id: 'rcp_timing', envelope_id: 'env_timing', custom_key: 'ana', order: 0, status: 'IN_PROGRESS', created_at: new Date(now).toISOString(), updated_at: new Date(now).toISOString(), name: 'Ana', name_label: null, email: 'ana@example.com', email_label: null };

  /** Moves the clock, and tells the job system so, as a test clock does. */
  const advance = async (ms: number) => {
    now += ms;
    await api.signet.jobs.clockMovedBy(ms);
  };
  const deliveryOf = async (webhookId: string): Promise<Body> =>
    ((await api.call('GET', `/api/v1/webhooks/${webhookId}/deliveries`)).body.deliveries as Body[])[0] as Body;
  /**
   * Schedules a delivery due at the clock as it stands and waits until it is recorded: the job system has
   * looked for due jobs since the clock last moved, so a retry due by now has been attempted with it or before it.
   */
  const workerHasReadTheClock = async (): Promise<void> => {
    const event = specEvent('recipient.email_opened', {}, recipient);
    await publishEvent(api.signet.bus, event, owner);
    await waitFor(async () => {
      const deliveries = (await api.call('GET', `/api/v1/webhooks/${control.id}/deliveries`)).body.deliveries as Body[];
      return deliveries.some((delivery) => delivery.event_id === event.id && delivery.status === 'SUCCESS');
    }, 10_000, 'the control delivery');
  };
  /** Attempts recorded (an attempt made too soon would also show in its attempted_at, checked at the end). */
  const attemptsOf = async (webhookId: string): Promise<number> => (await deliveryOf(webhookId)).attempts.length;
  /** Waits until the receiver has had `count` attempts and the last is recorded, so the next wait starts from it. */
  const attempted = async (webhookId: string, path: string, count: number): Promise<void> => {
    await receiver.waitForCount(path, count);
    await waitFor(async () => (await deliveryOf(webhookId))?.attempts.length === count, 10_000, `attempt ${count} recorded`);
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    // WEBHOOK_RETRY_DELAY_MS is left at its default of 5000.
    api = await startTestSignet({ WEBHOOK_ALLOW_LOOPBACK: 'true' }, undefined, () => new Date(now));
    owner = { tenantId: 'acme', apiKeyId: await apiKeyIdOf(api.signet.config.databaseUrl as string, KEYS.acme) };
    control = await createWebhook(api.call, KEYS.acme, { url: `${receiver.url}/control`, subscriptions: 'recipient.email_opened' });
  });

  afterAll(async () => {
    await api.close();
    await receiver.close();
  });

  it('makes the second and third attempts 5 seconds after the one before, not a moment sooner', async () => {
    const hook = await createWebhook(api.call, KEYS.acme, { url: `${receiver.url}/flaky`, subscriptions: 'recipient.email_sent' });
    receiver.script('/flaky', [500, 500]);
    const event = specEvent('recipient.email_sent', {}, recipient);
    await publishEvent(api.signet.bus, event, owner);
    await attempted(hook.id, '/flaky', 1);

    for (const attempt of [2, 3]) {
      await advance(5 * SECOND - 1);
      await workerHasReadTheClock();
      expect(await attemptsOf(hook.id)).toBe(attempt - 1);
      expect(receiver.at('/flaky')).toHaveLength(attempt - 1);
      await advance(1);
      await attempted(hook.id, '/flaky', attempt);
    }

    const delivery = await deliveryOf(hook.id);
    expect(delivery.status).toBe('SUCCESS');
    const times = (delivery.attempts as Body[]).map((attempt) => Date.parse(attempt.attempted_at));
    expect([(times[1] as number) - (times[0] as number), (times[2] as number) - (times[1] as number)]).toEqual([5 * SECOND, 5 * SECOND]);
    expect((delivery.attempts as Body[]).map((attempt) => attempt.status_code)).toEqual([500, 500, 200]);
    expect(new Set(receiver.at('/flaky').map((delivered) => delivered.headers['webhook-id']))).toEqual(new Set([event.id]));
  });

  it('keeps going on the EXTENDED schedule: 5 and 10 minutes after the third attempt', async () => {
    const hook = await createWebhook(api.call, KEYS.acme, { url: `${receiver.url}/down-a-while`, subscriptions: 'recipient.email_bounced', retry_schedule: 'EXTENDED' });
    receiver.script('/down-a-while', [503, 503, 503, 503]);
    await publishEvent(api.signet.bus, specEvent('recipient.email_bounced', {}, recipient), owner);
    await attempted(hook.id, '/down-a-while', 1);
    for (const [wait, attempts] of [[5 * SECOND, 2], [5 * SECOND, 3], [5 * MINUTE, 4], [10 * MINUTE, 5]] as const) {
      await advance(wait - 1);
      await workerHasReadTheClock();
      expect(await attemptsOf(hook.id)).toBe(attempts - 1);
      expect(receiver.at('/down-a-while')).toHaveLength(attempts - 1);
      await advance(1);
      await attempted(hook.id, '/down-a-while', attempts);
    }
    const delivery = await deliveryOf(hook.id);
    expect(delivery.status).toBe('SUCCESS');
    const times = (delivery.attempts as Body[]).map((attempt) => Date.parse(attempt.attempted_at));
    expect(times.slice(1).map((time, index) => time - (times[index] as number))).toEqual([5 * SECOND, 5 * SECOND, 5 * MINUTE, 10 * MINUTE]);
  });
});
