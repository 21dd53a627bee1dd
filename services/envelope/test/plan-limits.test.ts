import type { Knex } from 'knex';
import { openDatabase } from '@signet/db';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { envelopeMigrations } from '../migrations';
import { parseEnvelopeLimits } from '../src/plan-limits/envelope-limits';
import { rateLimiter } from '../src/plan-limits/rate-limiter';

/** The gateway's grants: a starter key's, and an enterprise key's own limits. */
const starterKey = 'hour:10,day:100';
const bucket = { name: 'envelope.create', limitsFor: (grant: string) => parseEnvelopeLimits(grant) };

describe('plan limits on envelope creation in PostgreSQL', () => {
  let database: TestDatabase;
  let replicas: Knex[];

  beforeEach(async () => {
    database = await createTestDatabase();
    const first = await openDatabase({ url: database.url, schema: 'envelope', migrations: envelopeMigrations });
    const second = await openDatabase({ url: database.url, schema: 'envelope', migrations: envelopeMigrations });
    replicas = [first, second];
  });

  afterEach(async () => {
    await Promise.all(replicas.map((db) => db.destroy()));
    await database.drop();
  });

  it('allows a starter tenant 10 creations an hour across two envelope replicas, then says when to retry', async () => {
    const now = new Date('2026-11-21T10:15:00Z');
    const decisions = await Promise.all(Array.from({ length: 12 }, (_, index) =>
      rateLimiter(replicas[index % 2] as Knex).consume('tenant:acme', bucket.name, bucket.limitsFor(starterKey), now)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
    const refused = decisions.find((decision) => !decision.allowed);
    expect(refused).toMatchObject({ limit: 10, remaining: 0, retryAfterSeconds: 45 * 60 });
  });

  it('does not count refused requests, and opens again in the next hour', async () => {
    const limiter = rateLimiter(replicas[0] as Knex);
    const hourOne = new Date('2026-11-21T10:59:00Z');
    for (let index = 0; index < 15; index += 1) await limiter.consume('tenant:acme', bucket.name, bucket.limitsFor(starterKey), hourOne);
    const nextHour = await limiter.consume('tenant:acme', bucket.name, bucket.limitsFor(starterKey), new Date('2026-11-21T11:00:01Z'));
    expect(nextHour).toMatchObject({ allowed: true, limit: 10, remaining: 9 });
  });

  it('applies the day limit over hourly windows', async () => {
    const limiter = rateLimiter(replicas[0] as Knex);
    let allowed = 0;
    for (let hour = 0; hour < 12; hour += 1) {
      for (let index = 0; index < 10; index += 1) {
        const decision = await limiter.consume('tenant:acme', bucket.name, bucket.limitsFor(starterKey), new Date(Date.UTC(2026, 10, 21, hour, 5)));
        if (decision.allowed) allowed += 1;
      }
    }
    expect(allowed).toBe(100);
  });

  it('does not count a request the hour refused against the day', async () => {
    const limiter = rateLimiter(replicas[0] as Knex);
    let allowed = 0;
    for (let hour = 0; hour < 10; hour += 1) {
      const decisions = await Promise.all(Array.from({ length: 15 }, (_, index) =>
        rateLimiter(replicas[index % 2] as Knex).consume('tenant:acme', bucket.name, bucket.limitsFor(starterKey), new Date(Date.UTC(2026, 10, 21, hour, 5)))));
      allowed += decisions.filter((decision) => decision.allowed).length;
    }
    expect(allowed).toBe(100);
    expect(await limiter.consume('tenant:acme', bucket.name, bucket.limitsFor(starterKey), new Date(Date.UTC(2026, 10, 21, 10, 5)))).toMatchObject({ allowed: false, limit: 100, remaining: 0 });
  });

  it('counts tenants separately and uses per-key enterprise limits', async () => {
    const limiter = rateLimiter(replicas[0] as Knex);
    const now = new Date('2026-11-21T10:00:00Z');
    const enterprise = 'hour:2,day:5';
    const results = [];
    for (let index = 0; index < 3; index += 1) results.push((await limiter.consume('tenant:globex', bucket.name, bucket.limitsFor(enterprise), now)).allowed);
    expect(results).toEqual([true, true, false]);
    expect((await limiter.consume('tenant:acme', bucket.name, bucket.limitsFor(starterKey), now)).allowed).toBe(true);
  });
});
