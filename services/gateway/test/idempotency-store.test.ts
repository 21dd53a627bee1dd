import type { Knex } from 'knex';
import { openDatabase } from '@signet/db';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { gatewayMigrations } from '../migrations';
import { IDEMPOTENCY_KEY_TTL_MS, idempotencyStore } from '../src/idempotency/idempotency-store';

describe('idempotency keys in PostgreSQL', () => {
  let database: TestDatabase;
  let db: Knex;
  const start = new Date('2026-11-24T10:00:00Z');
  const claim = (key: string, owner: string, now: Date, path = '/api/v1/envelopes') =>
    idempotencyStore(db).claim({ apiKeyId: 'key-1', key, method: 'POST', path, owner, now });

  beforeEach(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'gateway', migrations: gatewayMigrations });
  });

  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  it('prunes keys older than 24 hours (injected time) and keeps younger ones', async () => {
    const store = idempotencyStore(db);
    expect(await claim('old', 'a', start)).toBe(true);
    expect(await claim('young', 'b', new Date(start.getTime() + 3_600_000))).toBe(true);
    expect(await store.pruneExpired(new Date(start.getTime() + IDEMPOTENCY_KEY_TTL_MS))).toBe(1);
    expect(await store.find('key-1', 'old')).toBeNull();
    expect(await store.find('key-1', 'young')).toMatchObject({ state: 'RUNNING' });
  });

  it('never hands a kept answer to a second claimant, and a stale owner cannot overwrite a taken-over key', async () => {
    const store = idempotencyStore(db);
    expect(await claim('k', 'first', start)).toBe(true);
    expect(await claim('k', 'second', new Date(start.getTime() + 1000))).toBe(false);
    expect(await claim('k', 'other-path', new Date(start.getTime() + 120_000), '/api/v1/webhooks')).toBe(false);
    expect(await claim('k', 'second', new Date(start.getTime() + 120_000))).toBe(true);
    await store.complete('key-1', 'k', 'first', 'f1', { status: 200, headers: {}, body: Buffer.from('{}') });
    expect(await store.find('key-1', 'k')).toMatchObject({ state: 'RUNNING' });
    await store.complete('key-1', 'k', 'second', 'f2', { status: 201, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"a":1}') });
    expect(await store.find('key-1', 'k')).toMatchObject({ state: 'DONE', fingerprint: 'f2', response: { status: 201, body: Buffer.from('{"a":1}') } });
    expect(await claim('k', 'third', new Date(start.getTime() + 600_000))).toBe(false);
  });
});
