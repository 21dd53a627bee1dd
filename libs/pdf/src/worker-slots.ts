import { availableParallelism } from 'node:os';

/**
 * Workers beyond the number of CPUs only slow each other towards their deadlines, and each may take
 * maxMemoryMb: queueing the rest bounds what a burst of uploads can cost the process.
 */
export const MAX_RUNNING = availableParallelism();
let running = 0;
const waiting: Array<() => void> = [];

export async function inWorkerSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_RUNNING) running++;
  else await new Promise<void>((takeSlot) => waiting.push(takeSlot));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
