import { overridesCache, OverridesReader } from './overrides-cache';
import type { Overrides } from './settings-overrides';

/** A store whose answers the test controls, counting the reads that reached it. */
function fakeStore() {
  const stored = new Map<string, Overrides>([['acme\nkey-1', { signature_flow: { language: 'ES' } }]]);
  const pending: Array<() => void> = [];
  const state = { reads: 0, hold: false };
  const store: OverridesReader = {
    async findOverrides(apiKeyId, tenantId) {
      state.reads += 1;
      const answer = structuredClone(stored.get(`${tenantId}\n${apiKeyId}`) ?? {});
      if (state.hold) await new Promise<void>((resolve) => pending.push(resolve));
      return answer;
    }
  };
  return { store, stored, pending, state };
}

describe('settings overrides cache', () => {
  let now = 0;
  const clock = () => new Date(now);
  const options = () => ({ clock, ttlMs: 10_000, maxEntries: 10 });

  beforeEach(() => {
    now = 1_000_000;
  });

  it('keeps nothing until change notifications arrive, so a replica that could miss one always reads the database', async () => {
    const fake = fakeStore();
    const cache = overridesCache(fake.store, options());
    await cache.findOverrides('key-1', 'acme');
    await cache.findOverrides('key-1', 'acme');
    expect(fake.state.reads).toBe(2);

    cache.setListening(true);
    await cache.findOverrides('key-1', 'acme');
    expect(await cache.findOverrides('key-1', 'acme')).toEqual({ signature_flow: { language: 'ES' } });
    expect(fake.state.reads).toBe(3);

    cache.setListening(false);
    fake.stored.set('acme\nkey-1', { signature_flow: { language: 'DE' } });
    expect(await cache.findOverrides('key-1', 'acme')).toEqual({ signature_flow: { language: 'DE' } });
    expect(await cache.findOverrides('key-1', 'acme')).toEqual({ signature_flow: { language: 'DE' } });
    expect(fake.state.reads).toBe(5);
  });

  it('reads again after any change is announced, and after the staleness bound', async () => {
    const fake = fakeStore();
    const cache = overridesCache(fake.store, options());
    cache.setListening(true);
    await cache.findOverrides('key-1', 'acme');
    fake.stored.set('acme\nkey-1', { signature_flow: { language: 'DE' } });
    cache.forgetAll();
    expect(await cache.findOverrides('key-1', 'acme')).toEqual({ signature_flow: { language: 'DE' } });

    fake.stored.set('acme\nkey-1', { signature_flow: { language: 'FR' } });
    now += 10_001;
    expect(await cache.findOverrides('key-1', 'acme')).toEqual({ signature_flow: { language: 'FR' } });
  });

  it('does not store an answer read before a change was announced', async () => {
    const fake = fakeStore();
    const cache = overridesCache(fake.store, options());
    cache.setListening(true);
    fake.state.hold = true;
    const inFlight = cache.findOverrides('key-1', 'acme');
    while (fake.pending.length === 0) await new Promise((resolve) => setImmediate(resolve));
    fake.stored.set('acme\nkey-1', { signature_flow: { language: 'DE' } });
    cache.forgetAll();
    fake.pending.shift()?.();
    expect(await inFlight).toEqual({ signature_flow: { language: 'ES' } });
    fake.state.hold = false;
    expect(await cache.findOverrides('key-1', 'acme')).toEqual({ signature_flow: { language: 'DE' } });
  });

  it('keeps keys and tenants apart', async () => {
    const fake = fakeStore();
    const cache = overridesCache(fake.store, options());
    cache.setListening(true);
    await cache.findOverrides('key-1', 'acme');
    expect(await cache.findOverrides('key-1', 'initech')).toEqual({});
    expect(await cache.findOverrides('key-2', 'acme')).toEqual({});
  });

  it('keeps at most maxEntries keys', async () => {
    const fake = fakeStore();
    const cache = overridesCache(fake.store, { ...options(), maxEntries: 2 });
    cache.setListening(true);
    for (const key of ['a', 'b', 'c']) await cache.findOverrides(key, 'acme');
    const reads = fake.state.reads;
    await cache.findOverrides('c', 'acme');
    await cache.findOverrides('b', 'acme');
    expect(fake.state.reads).toBe(reads);
    await cache.findOverrides('a', 'acme');
    expect(fake.state.reads).toBe(reads + 1);
  });

  it('hands out frozen overrides, so no caller can change what the next create reads', async () => {
    const fake = fakeStore();
    const cache = overridesCache(fake.store, options());
    cache.setListening(true);
    const first = await cache.findOverrides('key-1', 'acme');
    expect(() => {
      (first.signature_flow as Overrides).language = 'DE';
    }).toThrow(TypeError);
    expect(await cache.findOverrides('key-1', 'acme')).toEqual({ signature_flow: { language: 'ES' } });
  });
});
