import { availableParallelism } from 'node:os';

export interface SlotOptions {
  /** Tasks running at once, so workers at most (default: one per CPU). */
  workers: number;
  /** Calls that may wait for a worker; one more is refused at once. */
  maxQueued: number;
  /** Longest a call waits for a worker before it is refused. */
  queueWaitMs: number;
}

/**
 * Workers beyond the number of CPUs only slow each other down, and each may take maxMemoryMb: queueing
 * the rest bounds what a burst of uploads can cost the process. The queue is bounded too, in length and
 * in waiting time, so a burst is told to come back later instead of piling up behind the gateway.
 */
export const DEFAULT_SLOT_OPTIONS: Readonly<SlotOptions> = { workers: availableParallelism(), maxQueued: 32, queueWaitMs: 20_000 };

/** What an overloaded caller is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/** An idle worker beyond the warm ones is ended after this long, so a quiet process gives its memory back. */
export const IDLE_MS = 30_000;
