import type { Clock } from '@signet/service';
import type { ApiKeyRecord, ApiKeyRepository } from './api-key-repository';
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

interface Entry {
  record: ApiKeyRecord;
  expiresAt: number;
}

/**
 * Active keys kept in memory so a request does not read the database to authenticate. Only keys that
 * exist are kept (a new key works at once); a revocation empties the cache through its notification,
 * and a lookup that started before a revocation never stores its older answer.
 */
export function apiKeyCache(keys: ApiKeyRepository, options: ApiKeyCacheOptions): ApiKeyCache {
  const entries = new Map<string, Entry>();
  let generation = 0;

  function remember(hash: string, record: ApiKeyRecord): void {
    if (entries.size >= options.maxEntries) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(hash, { record, expiresAt: options.clock().getTime() + options.ttlMs });
  }

  return {
    async findActiveByKey(key) {
      const hash = hashApiKey(key);
      const cached = entries.get(hash);
      if (cached && cached.expiresAt > options.clock().getTime()) return cached.record;
      entries.delete(hash);
      const startedIn = generation;
      const record = await keys.findActiveByHash(hash);
      if (record && startedIn === generation) remember(hash, record);
      return record;
    },
    forgetAll() {
      generation += 1;
      entries.clear();
    }
  };
}
