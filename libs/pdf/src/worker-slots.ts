import { availableParallelism } from 'node:os';
import { PdfOverloadedError } from './pdf-errors';

export interface SlotOptions {
  /** Jobs running at once, so workers at most (default: one per CPU). */
  workers: number;
  /** Calls that may wait for a slot; one more is refused at once. */
  maxQueued: number;
  /** Longest a call waits for a slot before it is refused. */
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

let options: Readonly<SlotOptions> = DEFAULT_SLOT_OPTIONS;
let running = 0;
const waiting: Array<() => void> = [];

export function configureSlots(next: Readonly<SlotOptions>): void {
  options = next;
}

export function slotCount(): number {
  return options.workers;
}

const overloaded = (why: string) => new PdfOverloadedError(`PDF processing is at capacity (${why}); retry later`, RETRY_AFTER_SECONDS);

async function takeSlot(): Promise<void> {
  if (running < options.workers) {
    running++;
    return;
  }
  if (waiting.length >= options.maxQueued) throw overloaded('the wait queue is full');
  await new Promise<void>((resolve, reject) => {
    const entry = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(entry), 1);
      reject(overloaded('no worker became free in time'));
    }, options.queueWaitMs);
    waiting.push(entry);
  });
}

export async function inWorkerSlot<T>(work: () => Promise<T>): Promise<T> {
  await takeSlot();
  try {
    return await work();
  } finally {
    const next = running <= options.workers ? waiting.shift() : undefined;
    if (next) next();
    else running--;
  }
}
