import { LRUCache } from 'lru-cache';
import type { Logger } from '@signet/log';
import type { Clock } from '@signet/service';
import type { ApiKeyLookup } from './api-key-cache';

export interface LastUsedOptions {
  clock: Clock;
  log: Logger;
  /** At most one write per key in this span, per process. */
  everyMs: number;
  /** Keys remembered as recently written; one pushed out early costs one more write, nothing else. */
  maxEntries: number;
}

export interface LastUsedRecorder {
  (keyId: string): void;
  /** Resolves once the writes already sent have ended: a stopping gateway waits for them before closing their pool. */
  settled(): Promise<void>;
}

/**
 * Records that a key authenticated a request: a write at most every `everyMs` per key in this process,
 * sent without waiting and never failing the request (a failure is logged). Which key was written when
 * is kept in memory on Signet's clock.
 */
export function lastUsedRecorder(write: (keyId: string, at: Date) => Promise<void>, options: LastUsedOptions): LastUsedRecorder {
  const written = new LRUCache<string, true>({
    max: options.maxEntries,
    ttl: options.everyMs,
    perf: { now: () => options.clock().getTime() },
    ttlResolution: 0
  });
  const running = new Set<Promise<void>>();
  const record = (keyId: string): void => {
    if (written.has(keyId)) return;
    written.set(keyId, true);
    const sent = write(keyId, options.clock())
      .catch((error: unknown) => options.log.warn({ err: error, api_key_id: keyId }, 'recording when an API key was last used failed'))
      .finally(() => running.delete(sent));
    running.add(sent);
  };
  return Object.assign(record, { settled: async () => void (await Promise.all(running)) });
}

/** The lookup authentication uses, telling `recordUse` of every key it finds: a found key authenticates the request. */
export function recordingUse(keys: ApiKeyLookup, recordUse: (keyId: string) => void): ApiKeyLookup {
  return {
    async findActiveByKey(key) {
      const record = await keys.findActiveByKey(key);
      if (record) recordUse(record.id);
      return record;
    }
  };
}
