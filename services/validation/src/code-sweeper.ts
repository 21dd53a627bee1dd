import { createPollingLoop, PollingLoop } from '@signet/bus';
import type { Logger } from '@signet/log';
import { expireOverdueCodes, ExpiryDeps } from './expire-overdue-codes';

const SWEEP_EVERY_MS = 1_000;
const BATCH = 100;
const PRUNE_EVERY_MS = 10 * 60_000;
/** Finished codes are kept a day, for whoever looks into a recipient's complaint, then deleted. */
const KEEP_FINISHED_MS = 24 * 60 * 60_000;

/** Expires overdue codes every second (expiry is a matter of minutes) and prunes old ones now and then. */
export function createCodeSweeper(deps: ExpiryDeps & { log: Logger; onExpired: () => void }): PollingLoop {
  let lastPrune = 0;
  return createPollingLoop({
    what: 'expiring validation codes',
    log: deps.log.child({ component: 'code-sweeper' }),
    pollIntervalMs: SWEEP_EVERY_MS,
    maxBackoffMs: 30_000,
    async step() {
      const expired = await expireOverdueCodes(deps, BATCH);
      if (expired > 0) deps.onExpired();
      if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await deps.codes.pruneBefore(deps.db, new Date(deps.clock().getTime() - KEEP_FINISHED_MS));
      }
      return expired === BATCH;
    }
  });
}
