import { createPollingLoop, PollingLoop } from '@signet/bus';
import type { Logger } from '@signet/log';
import { processUpload, ProcessDeps } from './process-upload';

/** A PROCESSING upload untouched this long belongs to a worker that died: another takes it over. */
const STALE_AFTER_MS = 5 * 60_000;

/**
 * Works through received files one at a time per replica, claiming each with SKIP LOCKED so replicas share
 * the work; woken at once when a file arrives, else polling.
 */
export function createUploadProcessor(deps: ProcessDeps & { log: Logger; pollIntervalMs: number; onCompleted: () => void }): PollingLoop {
  return createPollingLoop({
    what: 'upload processing',
    log: deps.log.child({ component: 'upload-processor' }),
    pollIntervalMs: deps.pollIntervalMs,
    maxBackoffMs: 30_000,
    async step() {
      const now = deps.clock();
      const upload = await deps.store.claimNextToProcess(now, new Date(now.getTime() - STALE_AFTER_MS));
      if (!upload) return false;
      await processUpload(deps, upload);
      deps.onCompleted();
      return true;
    }
  });
}
