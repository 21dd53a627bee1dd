import { LRUCache } from 'lru-cache';
import type { Clock } from '@signet/service';
import type { ApiKeyMatch, ApiKeyRecord, ApiKeyRepository } from './api-key-repository';
import { hashApiKey } from './api-key-secret';

/** What authentication needs: the active key behind a raw API key, or null. */
export interface ApiKeyLookup {
  findActiveByKey(key: string): Promise<ApiKeyRecord | null>;
}

export interface ApiKeyCache extends ApiKeyLookup {
  /** Drops every cached key: called when any key is revoked or changed, and when that news may have been missed. */
  forgetAll(): void;
}

export interface ApiKeyCacheOptions {
  clock: Clock;
  /** The staleness bound should a change notification be lost (the notification connection was down). */
  ttlMs: number;
  maxEntries: number;
}

/** The usual bound, or less for a previous secret: lru-cache keeps an entry through its ttl-th millisecond, the secret stops at its end. */
function ttlOf(match: ApiKeyMatch, options: ApiKeyCacheOptions): number {
  if (!match.secretExpiresAt) return options.ttlMs;
  return Math.min(options.ttlMs, match.secretExpiresAt.getTime() - options.clock().getTime() - 1);
}

/**
 * Active keys kept in memory so a request does not read the database to authenticate, by the hash of
 * the key (a record carries its own tenant, so no answer is shared across tenants). Only keys that
 * exist are kept (a new key works at once); a revocation empties the cache through its notification,
 * and a lookup that started before a revocation answers but never stores its older answer. A rotated
 * key's previous secret is kept no longer than its overlap: it is refused the moment the overlap ends.
 */
export function apiKeyCache(keys: ApiKeyRepository, options: ApiKeyCacheOptions): ApiKeyCache {
  const entries = new LRUCache<string, ApiKeyRecord>({
    max: options.maxEntries,
    ttl: options.ttlMs,
    // Signet's clock, read on every look-up: the test clock moves in jumps the default 1 ms reuse would miss.
    perf: { now: () => options.clock().getTime() },
    ttlResolution: 0
  });
  let generation = 0;

  return {
    async findActiveByKey(key) {
      const hash = hashApiKey(key);
      const cached = entries.get(hash);
      if (cached) return cached;
      const startedIn = generation;
      const match = await keys.findActiveByHash(hash, options.clock());
      if (!match) return null;
      const ttl = ttlOf(match, options);
      // A ttl of 0 would mean "forever" to lru-cache.
      if (startedIn === generation && ttl > 0) entries.set(hash, match.record, { ttl });
      return match.record;
    },
    forgetAll() {
      generation += 1;
      entries.clear();
    }
  };
}
