import type { Knex } from 'knex';
import { listMigrationSource, openDatabase } from '@signet/db';
import { createJobSystem, JOBS_SCHEMA, type JobSystem } from '@signet/jobs';
import { createLogger } from '@signet/log';
import { metricsRegistry } from '@signet/metrics';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { webhookDeliveryMigrations } from '../migrations';
import { attemptDelivery, giveUpDelivery } from '../src/jobs/attempt-delivery';
import { deliveryJobKinds, type DeliveryAttempt, type QueueAttempt } from '../src/jobs/delivery-jobs';
import type { AttemptOutcome, PostWebhook } from '../src/outbound/post-webhook';
import { deliveryStore, type DeliveryStore } from '../src/store/delivery-store';

const RETRY_DELAY_MS = 5_000;
const log = createLogger({ level: 'silent' });
const delivered: AttemptOutcome = { ok: true, statusCode: 200, error: null, responseBody: 'ok', responseHeaders: { 'content-type': 'text/plain' }, durationMs: 5 };
const refused: AttemptOutcome = { ok: false, statusCode: 500, error: 'HTTP 500', responseBody: 'down', responseHeaders: { 'content-type': 'text/plain' }, durationMs: 5 };

async function finishedCount(status: string): Promise<number> {
  const metric = metricsRegistry().getSingleMetric('signet_webhook_deliveries_total');
  const values = (await metric?.get())?.values ?? [];
  return values.find((value) => value.labels.status === status)?.value ?? 0;
}

describe('webhook deliveries as jobs (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Knex;
  let store: DeliveryStore;
  const now = new Date();
  const queued: DeliveryAttempt[] = [];
  const queue: QueueAttempt = async (_db, attempt) => void queued.push(attempt);
  const attempt = (outcome: AttemptOutcome) => attemptDelivery({ db, deliveries: store, post: async () => outcome, queueAttempt: queue, clock: () => now, retryDelayMs: RETRY_DELAY_MS, log });

  /** The delivery log as the API builds it. */
  const listed = async (id: string) => {
    const { deliveries, attempts } = await store.listWithAttempts('wh-1', { limit: 100 });
    return { delivery: deliveries.find((row) => row.id === id), attempts: attempts.filter((row) => row.delivery_id === id) };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const before = webhookDeliveryMigrations.slice(0, webhookDeliveryMigrations.findIndex((migration) => migration.name === 'webhook_delivery_0003_jobs'));
    db = await openDatabase({ url: database.url, schema: 'webhook_delivery', migrations: before });
    store = deliveryStore(db);
    await db('webhooks').insert({
      id: 'wh-1', tenant_id: 'acme', api_key_id: 'key-1', url: 'https://hooks.example.test/in', subscriptions: ['envelope.success'],
      auth: null, signing_secret: 'whsec_dGVzdA==', retry_schedule: 'STANDARD', created_at: now, updated_at: now
    });
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('carries a delivery queued the old way (mid-round, claimed by a worker that is gone) over as a job, which delivers it; one already FAILED gets its dead letter', async () => {
    const events = ['evt-old', 'evt-done', 'evt-failed'].map((id) => ({ id, event_type: 'envelope.success', tenant_id: 'acme', api_key_id: 'key-1', body: `{"id":"${id}"}`, created_at: now }));
    await db('webhook_events').insert(events);
    const row = (id: string, eventId: string, status: string) => ({
      id, webhook_id: 'wh-1', event_id: eventId, event_type: 'envelope.success', status, attempts: 1, round_attempts: 1,
      next_attempt_at: status === 'PENDING' ? now : null, locked_until: status === 'PENDING' ? new Date(now.getTime() + 60_000) : null,
      lease_token: status === 'PENDING' ? 'a-dead-worker' : null, created_at: now, updated_at: now, completed_at: status === 'PENDING' ? null : now
    });
    await db('deliveries').insert([row('dlv-old', 'evt-old', 'PENDING'), row('dlv-done', 'evt-done', 'SUCCESS'), row('dlv-failed', 'evt-failed', 'FAILED')]);
    await db('delivery_attempts').insert([
      { delivery_id: 'dlv-old', attempt: 1, attempted_at: now, duration_ms: 3, status_code: 500, error: 'HTTP 500', response_body: null },
      { delivery_id: 'dlv-done', attempt: 1, attempted_at: now, duration_ms: 3, status_code: 200, error: null, response_body: null },
      ...[1, 2, 3].map((number) => ({ delivery_id: 'dlv-failed', attempt: number, attempted_at: now, duration_ms: 3, status_code: 500 + number, error: `HTTP ${500 + number}`, response_body: null }))
    ]);

    await db.migrate.latest({ schemaName: 'webhook_delivery', tableName: 'knex_migrations', migrationSource: listMigrationSource(webhookDeliveryMigrations) });
    const columns = Object.keys(await db('deliveries').columnInfo());
    for (const gone of ['next_attempt_at', 'locked_until', 'lease_token', 'attempts', 'round_attempts']) expect(columns).not.toContain(gone);
    expect((await listed('dlv-old')).delivery).toMatchObject({ status: 'PENDING', next_attempt_at: now });
    expect(await db('dead_letters').select('delivery_id', 'webhook_id', 'attempts', 'last_status_code', 'last_error', 'failed_at', 'retried_at')).toEqual([
      { delivery_id: 'dlv-failed', webhook_id: 'wh-1', attempts: 3, last_status_code: 503, last_error: 'HTTP 503', failed_at: now, retried_at: null }
    ]);

    const posted: string[] = [];
    const post: PostWebhook = async (request) => {
      posted.push(request.body);
      return delivered;
    };
    const jobs: JobSystem = createJobSystem({ databaseUrl: database.url, clock: () => new Date(), log, concurrency: 2, pollIntervalMs: 100 });
    const kinds = deliveryJobKinds({
      attempt: attemptDelivery({ db, deliveries: store, post, queueAttempt: queue, clock: () => new Date(), retryDelayMs: RETRY_DELAY_MS, log }),
      giveUp: giveUpDelivery({ deliveries: store, clock: () => new Date(), log }),
      prune: async () => undefined
    }, 1000);
    jobs.register(kinds.deliver);
    await jobs.start();
    try {
      await jobs.runDue();
    } finally {
      await jobs.stop();
    }
    expect(posted).toEqual(['{"id":"evt-old"}']);
    const { delivery, attempts } = await listed('dlv-old');
    expect(delivery).toMatchObject({ status: 'SUCCESS', next_attempt_at: null });
    expect(attempts.map((row) => [row.attempt, row.status_code])).toEqual([[1, 500], [2, 200]]);
    expect((await db.raw(`SELECT count(*)::int AS left FROM ${JOBS_SCHEMA}.jobs WHERE task_identifier = 'webhook-delivery.deliver-webhook'`)).rows[0].left).toBe(0);
  });

  describe('an attempt made twice (a job released as abandoned and run again while its first worker was only slow)', () => {
    let id: string;
    const first = (): DeliveryAttempt => ({ deliveryId: id, attempt: 1, roundAttempt: 1, dueAt: now.toISOString() });

    beforeEach(async () => {
      queued.length = 0;
      const eventId = `evt-${queued.length}-${Math.random()}`;
      await db.transaction((trx) => store.schedule(trx, {
        id: eventId, event_type: 'envelope.success', tenant_id: 'acme', api_key_id: 'key-1', body: '{}', created_at: now
      }, ['wh-1'], now, queue));
      id = (queued.shift() as DeliveryAttempt).deliveryId;
    });

    it('keeps the first recorded SUCCESS when the other worker fails late, and counts the delivery once', async () => {
      const last = { ...first(), attempt: 3, roundAttempt: 3 };
      const failedBefore = await finishedCount('FAILED');
      const succeededBefore = await finishedCount('SUCCESS');
      await attempt(delivered)(last);
      // A third and last failure of the round would have made the delivery FAILED.
      await attempt(refused)(last);
      expect((await listed(id)).delivery).toMatchObject({ status: 'SUCCESS' });
      expect((await listed(id)).attempts.map((row) => [row.attempt, row.status_code])).toEqual([[3, 200]]);
      expect(await finishedCount('SUCCESS')).toBe(succeededBefore + 1);
      expect(await finishedCount('FAILED')).toBe(failedBefore);
      expect(queued).toEqual([]);
    });

    it('records an attempt again when its connection is lost while recording, even at COMMIT, rather than posting the event again', async () => {
      const lostAtCommit = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      let recordings = 0;
      const cutOnce: DeliveryStore = {
        ...store,
        async recordAttempt(...args) {
          recordings += 1;
          const recorded = await store.recordAttempt(...args);
          if (recordings === 1) throw lostAtCommit;
          return recorded;
        }
      };
      let posts = 0;
      const post: PostWebhook = async () => {
        posts += 1;
        return delivered;
      };
      await attemptDelivery({ db, deliveries: cutOnce, post, queueAttempt: queue, clock: () => now, retryDelayMs: RETRY_DELAY_MS, log })(first());
      expect(posts).toBe(1);
      expect(recordings).toBe(2);
      expect((await listed(id)).delivery).toMatchObject({ status: 'SUCCESS' });
      expect((await listed(id)).attempts.map((row) => [row.attempt, row.status_code])).toEqual([[1, 200]]);
    });

    it('keeps the first recorded retry when the other worker succeeds late', async () => {
      const succeededBefore = await finishedCount('SUCCESS');
      await attempt(refused)(first());
      expect(queued).toEqual([{ deliveryId: id, attempt: 2, roundAttempt: 2, dueAt: new Date(now.getTime() + RETRY_DELAY_MS).toISOString() }]);
      await attempt(delivered)(first());
      expect((await listed(id)).delivery).toMatchObject({ status: 'PENDING', completed_at: null });
      expect((await listed(id)).attempts.map((row) => [row.attempt, row.status_code])).toEqual([[1, 500]]);
      expect(queued).toHaveLength(1);
      expect(await finishedCount('SUCCESS')).toBe(succeededBefore);
    });

    it('records one dead letter when the last attempt of the round fails, even when that attempt is made twice', async () => {
      const last = { ...first(), attempt: 3, roundAttempt: 3 };
      await attempt(refused)(last);
      await attempt(refused)(last);
      expect((await listed(id)).delivery).toMatchObject({ status: 'FAILED' });
      expect(await db('dead_letters').where({ delivery_id: id }).select('attempts', 'last_status_code', 'last_error', 'retried_at')).toEqual([
        { attempts: 3, last_status_code: 500, last_error: 'HTTP 500', retried_at: null }
      ]);
    });

    it('records a dead letter when the job gives up on the delivery', async () => {
      await attempt(refused)(first());
      await giveUpDelivery({ deliveries: store, clock: () => now, log })({ ...first(), attempt: 2, roundAttempt: 2 }, new Error('database out of reach'));
      expect(await db('dead_letters').where({ delivery_id: id }).select('attempts', 'last_status_code', 'last_error')).toEqual([
        { attempts: 1, last_status_code: null, last_error: expect.stringContaining('Signet could not make or record the attempt') }
      ]);
    });

    it('retries a dead letter once, and counts a redelivery as its retry', async () => {
      const last = { ...first(), attempt: 3, roundAttempt: 3 };
      await attempt(refused)(last);
      const deadLetter = await db('dead_letters').where({ delivery_id: id }).first();
      const retried = await store.retryDeadLetter(deadLetter.id, id, now, queue);
      expect(retried).toMatchObject({ status: 'PENDING', next_attempt_at: now });
      expect(await store.retryDeadLetter(deadLetter.id, id, now, queue)).toBeUndefined();
      expect(await db('dead_letters').where({ id: deadLetter.id }).first()).toMatchObject({ retried_at: now });

      await attempt(refused)({ deliveryId: id, attempt: 6, roundAttempt: 3, dueAt: now.toISOString() });
      const [, second] = await db('dead_letters').where({ delivery_id: id }).orderBy('id');
      expect(second).toMatchObject({ attempts: 6, retried_at: null });
      await store.redeliver('wh-1', id, now, queue);
      expect(await db('dead_letters').where({ delivery_id: id }).whereNull('retried_at')).toEqual([]);
      expect(await store.retryDeadLetter(second.id, id, now, queue)).toBeUndefined();
    });

    it('leaves a redelivery alone when the other worker of the previous round finishes', async () => {
      await attempt(delivered)(first());
      const redelivered = await store.redeliver('wh-1', id, now, queue);
      expect(redelivered).toMatchObject({ status: 'PENDING', next_attempt_at: now });
      expect(queued).toEqual([{ deliveryId: id, attempt: 2, roundAttempt: 1, dueAt: now.toISOString() }]);
      await attempt(refused)(first());
      expect((await listed(id)).delivery).toMatchObject({ status: 'PENDING' });
      expect((await listed(id)).attempts).toHaveLength(1);
    });
  });
});
