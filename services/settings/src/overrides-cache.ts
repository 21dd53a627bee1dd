import { LRUCache } from 'lru-cache';
import type { Clock } from '@signet/service';
import type { Overrides } from './settings-overrides';

/** Every settings replica listens here and forgets its cached overrides (a trigger on api_key_settings sends it). */
export const SETTINGS_CHANGED_CHANNEL = 'signet_settings_changed';

export interface OverridesReader {
  findOverrides(apiKeyId: string, tenantId: string): Promise<Overrides>;
}

export interface OverridesCache extends OverridesReader {
  /** Drops every cached entry: any key's settings changed, here or in another replica. */
  forgetAll(): void;
  /** Change notifications arrive (true) or may be missed (false): only in the first case is anything kept. */
  setListening(listening: boolean): void;
}

export interface OverridesCacheOptions {
  clock: Clock;
  /** A bound on staleness should a notification ever be lost without the connection failing. */
  ttlMs: number;
  maxEntries: number;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/**
 * The stored overrides of the keys that create envelopes, kept in memory by tenant and key: every create
 * reads them, and a change is rare. Nothing is kept while change notifications could be missed (before
 * listening, or with the connection down), a change anywhere empties the cache, and a read that started
 * before a change answers but never stores its older answer. Cached overrides are frozen: a caller that
 * tried to change one would fail loudly rather than change what the next create reads.
 */
export function overridesCache(source: OverridesReader, options: OverridesCacheOptions): OverridesCache {
  const entries = new LRUCache<string, Overrides>({
    max: options.maxEntries,
    ttl: options.ttlMs,
    // Signet's clock, read on every look-up: the test clock moves in jumps the default 1 ms reuse would miss.
    perf: { now: () => options.clock().getTime() },
    ttlResolution: 0
  });
  let generation = 0;
  let listening = false;

  function forgetAll(): void {
    generation += 1;
    entries.clear();
  }

  return {
    async findOverrides(apiKeyId, tenantId) {
      const key = `${tenantId}\n${apiKeyId}`;
      const cached = entries.get(key);
      if (cached) return cached;
      const startedIn = generation;
      const overrides = deepFreeze(await source.findOverrides(apiKeyId, tenantId));
      if (listening && startedIn === generation) entries.set(key, overrides);
      return overrides;
    },
    forgetAll,
    setListening(now) {
      listening = now;
      forgetAll();
    }
  };
}
