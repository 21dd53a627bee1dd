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

interface Entry {
  overrides: Overrides;
  expiresAt: number;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/**
 * The stored overrides of the keys that create envelopes, kept in memory: every create reads them, and
 * a change is rare. Nothing is kept while change notifications could be missed (before listening, or
 * with the connection down), a change anywhere empties the cache, and a read that started before a
 * change never stores its older answer. Cached overrides are frozen: a caller that tried to change one
 * would fail loudly rather than change what the next create reads.
 */
export function overridesCache(source: OverridesReader, options: OverridesCacheOptions): OverridesCache {
  const entries = new Map<string, Entry>();
  let generation = 0;
  let listening = false;

  function remember(key: string, overrides: Overrides): void {
    if (entries.size >= options.maxEntries) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(key, { overrides, expiresAt: options.clock().getTime() + options.ttlMs });
  }

  function forgetAll(): void {
    generation += 1;
    entries.clear();
  }

  return {
    async findOverrides(apiKeyId, tenantId) {
      const key = `${tenantId}\n${apiKeyId}`;
      const cached = entries.get(key);
      if (cached && cached.expiresAt > options.clock().getTime()) return cached.overrides;
      entries.delete(key);
      const startedIn = generation;
      const overrides = deepFreeze(await source.findOverrides(apiKeyId, tenantId));
      if (listening && startedIn === generation) remember(key, overrides);
      return overrides;
    },
    forgetAll,
    setListening(now) {
      listening = now;
      forgetAll();
    }
  };
}
