import { createPollingLoop } from '@signet/bus';
import type { Logger } from '@signet/log';
import type { Clock } from '@signet/service';
import type { ClaimedDelivery } from '../model';
import type { DeliveryStore } from '../store/delivery-store';

export interface DeliveryWorkerOptions {
  deliveries: DeliveryStore;
  attempt: (claim: ClaimedDelivery) => Promise<void>;
  prune: () => Promise<void>;
  clock: Clock;
  log: Logger;
  concurrency: number;
  pollIntervalMs: number;
  timeoutMs: number;
}

export interface DeliveryWorker {
  start(): void;
  /** Asks the worker to look now (a delivery has just become due). */
  wake(): void;
  /** Stops claiming and waits for the attempts in flight (each bounded by the timeout). */
  stop(): Promise<void>;
}

// A claim outlives the longest attempt by this much, for recording it; a lease older than that is a dead worker's.
const LEASE_MARGIN_MS = 10_000;
const PRUNE_EVERY_MS = 10 * 60_000;
const MAX_BACKOFF_MS = 5_000;

/**
 * Claims due deliveries and attempts them, up to `concurrency` at a time. It looks again when an
 * attempt ends, when woken, and every `pollIntervalMs` (for retries coming due and deliveries other
 * replicas scheduled).
 */
export function deliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const log = options.log.child({ component: 'delivery-worker' });
  const inFlight = new Set<Promise<void>>();
  let lastPrune = 0;

  async function claimAndAttempt(): Promise<void> {
    // Refilled in batches, not one claim query per finished attempt.
    if (inFlight.size > options.concurrency / 2) return;
    const room = options.concurrency - inFlight.size;
    const now = options.clock();
    const claims = await options.deliveries.claimDue(now, new Date(now.getTime() + options.timeoutMs + LEASE_MARGIN_MS), room);
    for (const claim of claims) {
      const task: Promise<void> = options.attempt(claim)
        .catch((error: unknown) => log.error({ err: error, delivery_id: claim.id }, 'delivery attempt could not be recorded; its lease will make it due again'))
        .finally(() => {
          inFlight.delete(task);
          loop.wake();
        });
      inFlight.add(task);
    }
  }

  async function pruneNowAndThen(): Promise<void> {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    await options.prune();
  }

  const loop = createPollingLoop({
    what: 'claiming deliveries',
    log,
    pollIntervalMs: options.pollIntervalMs,
    maxBackoffMs: MAX_BACKOFF_MS,
    async step() {
      await claimAndAttempt();
      await pruneNowAndThen();
      // Finished attempts wake the loop, so there is never a reason to go round at once.
      return false;
    }
  });

  return {
    start: () => loop.start(),
    wake: () => loop.wake(),
    async stop() {
      await loop.stop();
      await Promise.allSettled([...inFlight]);
    }
  };
}
