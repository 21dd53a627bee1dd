import type { Knex } from 'knex';
import { openDatabase } from '@signet/db';
import type { RequestContext } from '@signet/http';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { envelopeMigrations } from '../migrations';
import { envelopeLimits, parseEnvelopeLimits, spendEnvelopeCreation } from '../src/plan-limits/envelope-limits';

/** The gateway's grant of a starter key, in the signed context. */
const context: RequestContext = { tenantId: 'acme', apiKeyId: 'key-1', plan: 'starter', requestId: 'req_test', envelopeLimits: 'hour:10,day:100' };

/** The counting itself is @signet/rate-limit's (tested there); here, the envelope part's grant and refusal. */
describe('plan limits on envelope creation', () => {
  let database: TestDatabase;
  let db: Knex;
  let now: Date;

  beforeEach(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'envelope', migrations: envelopeMigrations });
  });

  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  it('reads the gateway grant, ignoring what it does not know', () => {
    expect(parseEnvelopeLimits('hour:10,day:100')).toEqual([{ window: 'hour', max: 10 }, { window: 'day', max: 100 }]);
    expect(parseEnvelopeLimits('week:3,hour:x,day:5')).toEqual([{ window: 'day', max: 5 }]);
    expect(parseEnvelopeLimits(undefined)).toEqual([]);
  });

  it('refuses the 11th creation of the hour with 429, the X-RateLimit-* headers and Retry-After on the test clock', async () => {
    now = new Date('2026-11-21T10:15:00Z');
    const limits = envelopeLimits(db, () => now);
    for (let index = 0; index < 10; index += 1) await spendEnvelopeCreation(limits, context);
    const refused = await spendEnvelopeCreation(limits, context).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', headers: { 'Retry-After': String(45 * 60), 'X-RateLimit-Limit': '10', 'X-RateLimit-Remaining': '0' } });
    now = new Date('2026-11-21T11:00:00Z');
    expect(await spendEnvelopeCreation(limits, context)).toMatchObject({ allowed: true, remaining: 9 });
  });

  it('counts nothing for a call no key made', async () => {
    expect(await envelopeLimits(db, () => now).spend({ tenantId: 'acme' })).toBeNull();
  });
});
