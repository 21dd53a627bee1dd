import type { ApiKeyMatch, ApiKeyRecord, ApiKeyRepository } from './api-key-repository';
import { apiKeyCache } from './api-key-cache';
import { hashApiKey } from './api-key-secret';

const record: ApiKeyRecord = {
  id: 'key-1', tenant_id: 'acme', plan: 'starter', name: 'ci', key_prefix: 'sgn_abcd…', scopes: [], envelopes_per_hour: null,
  envelopes_per_day: null, created_at: new Date(0), last_used_at: null, revoked_at: null, previous_key_expires_at: null
};

const current = (found: ApiKeyRecord): ApiKeyMatch => ({ record: found, secretExpiresAt: null });

/** A repository whose answers the test controls, counting the reads that reached it. */
function fakeKeys() {
  const active = new Map<string, ApiKeyMatch>([[hashApiKey('sgn_live'), current(record)]]);
  const pending: Array<() => void> = [];
  const state = { reads: 0, hold: false };
  const keys = {
    async findActiveByHash(hash: string) {
      state.reads += 1;
      const answer = active.get(hash) ?? null;
      if (state.hold) await new Promise<void>((resolve) => pending.push(resolve));
      return answer;
    }
  } as unknown as ApiKeyRepository;
  return { keys, active, pending, state };
}

describe('API key cache', () => {
  let now = 0;
  const clock = () => new Date(now);

  beforeEach(() => {
    now = 1_000_000;
  });

  it('reads a key once, then answers from memory until it is forgotten or expires', async () => {
    const fake = fakeKeys();
    const cache = apiKeyCache(fake.keys, { clock, ttlMs: 10_000, maxEntries: 10 });
    expect(await cache.findActiveByKey('sgn_live')).toEqual(record);
    expect(await cache.findActiveByKey('sgn_live')).toEqual(record);
    expect(fake.state.reads).toBe(1);

    fake.active.clear();
    cache.forgetAll();
    expect(await cache.findActiveByKey('sgn_live')).toBeNull();

    fake.active.set(hashApiKey('sgn_live'), current(record));
    expect(await cache.findActiveByKey('sgn_live')).toEqual(record);
    fake.active.clear();
    now += 10_001;
    expect(await cache.findActiveByKey('sgn_live')).toBeNull();
  });

  it('never remembers unknown keys, so a key created elsewhere works at once', async () => {
    const fake = fakeKeys();
    const cache = apiKeyCache(fake.keys, { clock, ttlMs: 10_000, maxEntries: 10 });
    expect(await cache.findActiveByKey('sgn_new')).toBeNull();
    fake.active.set(hashApiKey('sgn_new'), current(record));
    expect(await cache.findActiveByKey('sgn_new')).toEqual(record);
  });

  it('does not store an answer read before a revocation was announced', async () => {
    const fake = fakeKeys();
    const cache = apiKeyCache(fake.keys, { clock, ttlMs: 10_000, maxEntries: 10 });
    fake.state.hold = true;
    const inFlight = cache.findActiveByKey('sgn_live');
    while (fake.pending.length === 0) await new Promise((resolve) => setImmediate(resolve));
    fake.active.clear();
    cache.forgetAll();
    fake.pending.shift()?.();
    expect(await inFlight).toEqual(record);
    fake.state.hold = false;
    expect(await cache.findActiveByKey('sgn_live')).toBeNull();
  });

  it('keeps a previous secret no longer than its overlap, however long other keys are kept', async () => {
    const fake = fakeKeys();
    const overlapEnd = new Date(now + 5_000);
    fake.active.set(hashApiKey('sgn_old'), { record: { ...record, previous_key_expires_at: overlapEnd }, secretExpiresAt: overlapEnd });
    const cache = apiKeyCache(fake.keys, { clock, ttlMs: 60_000, maxEntries: 10 });
    expect(await cache.findActiveByKey('sgn_old')).toMatchObject({ id: 'key-1' });
    fake.active.clear();
    now += 4_999;
    expect(await cache.findActiveByKey('sgn_old')).toMatchObject({ id: 'key-1' });
    expect(fake.state.reads).toBe(1);
    now += 1;
    expect(await cache.findActiveByKey('sgn_old')).toBeNull();
  });

  it('keeps at most maxEntries keys', async () => {
    const fake = fakeKeys();
    for (const name of ['a', 'b', 'c']) fake.active.set(hashApiKey(`sgn_${name}`), current({ ...record, id: name }));
    const cache = apiKeyCache(fake.keys, { clock, ttlMs: 10_000, maxEntries: 2 });
    for (const name of ['a', 'b', 'c']) await cache.findActiveByKey(`sgn_${name}`);
    const reads = fake.state.reads;
    await cache.findActiveByKey('sgn_c');
    await cache.findActiveByKey('sgn_a');
    expect(fake.state.reads).toBe(reads + 1);
  });
});
