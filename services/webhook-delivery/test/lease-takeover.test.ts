import type { Knex } from 'knex';
import { openDatabase } from '@signet/db';
import { createLogger } from '@signet/log';
import { metricsRegistry } from '@signet/metrics';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { webhookDeliveryMigrations } from '../migrations';
import type { ClaimedDelivery } from '../src/model';
import type { AttemptOutcome } from '../src/outbound/post-webhook';
import { deliveryStore, type DeliveryStore } from '../src/store/delivery-store';
import { attemptDelivery } from '../src/worker/attempt-delivery';

const LEASE_MS = 40_000;
const RETRY_DELAY_MS = 5_000;
const delivered: AttemptOutcome = { ok: true, statusCode: 200, error: null, responseBody: 'ok', durationMs: 5 };
const refused: AttemptOutcome = { ok: false, statusCode: 500, error: 'HTTP 500', responseBody: 'down', durationMs: 5 };

async function finishedCount(status: string): Promise<number> {
  const metric = metricsRegistry().getSingleMetric('signet_webhook_deliveries_total');
  const values = (await metric?.get())?.values ?? [];
  return values.find((value) => value.labels.status === status)?.value ?? 0;
}

/**
 * A slow attempt outlives its lease and another worker takes the delivery over. Both POSTs may happen
 * (at least once), but only the successor's attempt counts: the late one must not overwrite the
 * successor's outcome, reset its retry schedule, or count the delivery as finished a second time.
 */
describe('a delivery taken over after its lease ran out (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Knex;
  let store: DeliveryStore;
  let now: Date;
  const start = new Date('2026-11-21T10:00:00.000Z');
  const log = createLogger({ level: 'silent' });

  const attempt = (outcome: AttemptOutcome) => attemptDelivery({ deliveries: store, post: async () => outcome, clock: () => now, retryDelayMs: RETRY_DELAY_MS, log });
  const claim = async (): Promise<ClaimedDelivery> => {
    const [claimed] = await store.claimDue(now, new Date(now.getTime() + LEASE_MS), 10);
    if (!claimed) throw new Error('nothing due');
    return claimed;
  };

  beforeEach(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'webhook_delivery', migrations: webhookDeliveryMigrations });
    store = deliveryStore(db);
    now = start;
    await db('webhooks').insert({
      id: 'wh-1', tenant_id: 'acme', api_key_id: 'key-1', url: 'https://hooks.example.test/in', subscriptions: ['envelope.success'],
      auth: null, signing_secret: 'whsec_dGVzdA==', retry_schedule: 'STANDARD', created_at: start, updated_at: start
    });
    await db.transaction((trx) => store.schedule(trx, {
      id: 'evt-1', event_type: 'envelope.success', tenant_id: 'acme', api_key_id: 'key-1', body: '{"id":"evt-1"}', created_at: start
    }, ['wh-1'], start));
  });

  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  it('keeps the successor\'s SUCCESS when the slow worker fails late, and counts the delivery once', async () => {
    const slow = await claim();
    now = new Date(start.getTime() + LEASE_MS + 1000);
    const successor = await claim();
    expect(successor.id).toBe(slow.id);
    const failedBefore = await finishedCount('FAILED');
    const succeededBefore = await finishedCount('SUCCESS');
    // A third and last failure of the round would make the late attempt FAILED.
    await db('deliveries').where({ id: slow.id }).update({ round_attempts: 2 });
    await attempt(delivered)(successor);
    await attempt(refused)({ ...slow, round_attempts: 2 });
    const row = await db('deliveries').where({ id: slow.id }).first();
    expect(row).toMatchObject({ status: 'SUCCESS', attempts: 1, lease_token: null });
    expect(await db('delivery_attempts').where({ delivery_id: slow.id })).toMatchObject([{ attempt: 1, status_code: 200 }]);
    expect(await finishedCount('SUCCESS')).toBe(succeededBefore + 1);
    expect(await finishedCount('FAILED')).toBe(failedBefore);
  });

  it('keeps the successor\'s retry schedule when the slow worker succeeds late', async () => {
    const slow = await claim();
    now = new Date(start.getTime() + LEASE_MS + 1000);
    const successor = await claim();
    await attempt(refused)(successor);
    const retry = await db('deliveries').where({ id: slow.id }).first();
    expect(retry).toMatchObject({ status: 'PENDING', round_attempts: 1 });
    const succeededBefore = await finishedCount('SUCCESS');
    await attempt(delivered)(slow);
    expect(await db('deliveries').where({ id: slow.id }).first()).toMatchObject({
      status: 'PENDING', attempts: 1, round_attempts: 1, next_attempt_at: retry.next_attempt_at, completed_at: null
    });
    expect(await finishedCount('SUCCESS')).toBe(succeededBefore);
  });

  it('leaves a redelivery alone when the slow worker of the previous round finishes', async () => {
    const slow = await claim();
    now = new Date(start.getTime() + LEASE_MS + 1000);
    await attempt(delivered)(await claim());
    const redelivered = await store.redeliver('wh-1', slow.id, now);
    expect(redelivered).toMatchObject({ status: 'PENDING', round_attempts: 0 });
    await attempt(refused)(slow);
    expect(await db('deliveries').where({ id: slow.id }).first()).toMatchObject({ status: 'PENDING', attempts: 1, round_attempts: 0 });
    expect(await db('delivery_attempts').where({ delivery_id: slow.id })).toHaveLength(1);
  });
});
