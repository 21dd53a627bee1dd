import type { Knex } from 'knex';
import { openDatabase } from '@signet/db';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { createRateLimitCounters, rateLimiter, type WindowLimit } from '../src';

const starter: WindowLimit[] = [{ window: 'hour', max: 10 }, { window: 'day', max: 100 }];
const BUCKET = 'envelope.create';

/** Two replicas of a part: two pools on one database, counting on one table, on one test clock. */
describe('the rate limiter in PostgreSQL', () => {
  let database: TestDatabase;
  let replicas: Knex[];
  let now: Date;
  const clock = () => now;
  const limiterOf = (index: number) => rateLimiter({ db: replicas[index % 2] as Knex, clock });

  beforeEach(async () => {
    database = await createTestDatabase();
    const open = () => openDatabase({ url: database.url, schema: 'limits', migrations: [{ name: 'limits_counters', up: createRateLimitCounters }] });
    replicas = [await open(), await open()];
  });

  afterEach(async () => {
    await Promise.all(replicas.map((db) => db.destroy()));
    await database.drop();
  });

  it('allows 10 an hour across two replicas, then says when to retry', async () => {
    now = new Date('2026-11-21T10:15:00Z');
    const decisions = await Promise.all(Array.from({ length: 12 }, (_, index) => limiterOf(index).consume('tenant:acme', BUCKET, starter)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
    expect(decisions.find((decision) => !decision.allowed)).toMatchObject({ limit: 10, remaining: 0, retryAfterSeconds: 45 * 60 });
  });

  it('does not count refused requests, and opens again when the clock reaches the next hour', async () => {
    const limiter = limiterOf(0);
    now = new Date('2026-11-21T10:59:00Z');
    for (let index = 0; index < 15; index += 1) await limiter.consume('tenant:acme', BUCKET, starter);
    now = new Date('2026-11-21T11:00:01Z');
    expect(await limiter.consume('tenant:acme', BUCKET, starter)).toMatchObject({ allowed: true, limit: 10, remaining: 9 });
  });

  it('applies the day limit over hourly windows, not counting what an hour refused', async () => {
    let allowed = 0;
    for (let hour = 0; hour < 10; hour += 1) {
      now = new Date(Date.UTC(2026, 10, 21, hour, 5));
      const decisions = await Promise.all(Array.from({ length: 15 }, (_, index) => limiterOf(index).consume('tenant:acme', BUCKET, starter)));
      allowed += decisions.filter((decision) => decision.allowed).length;
    }
    expect(allowed).toBe(100);
    now = new Date(Date.UTC(2026, 10, 21, 10, 5));
    expect(await limiterOf(0).consume('tenant:acme', BUCKET, starter)).toMatchObject({ allowed: false, limit: 100, remaining: 0 });
  });

  it('counts subjects and buckets separately, and prunes old windows', async () => {
    const limiter = limiterOf(0);
    now = new Date('2026-11-21T10:00:00Z');
    const tight: WindowLimit[] = [{ window: 'hour', max: 2 }, { window: 'day', max: 5 }];
    const results = [];
    for (let index = 0; index < 3; index += 1) results.push((await limiter.consume('tenant:globex', BUCKET, tight)).allowed);
    expect(results).toEqual([true, true, false]);
    expect((await limiter.consume('tenant:acme', BUCKET, tight)).allowed).toBe(true);
    expect((await limiter.consume('tenant:globex', 'signature_report.create', tight)).allowed).toBe(true);
    await limiter.pruneBefore(new Date('2026-11-22T00:00:00Z'));
    expect(await replicas[0]?.('rate_limit_counters').count({ n: '*' }).first()).toEqual({ n: '0' });
  });
});
