import { TASK_CLOCK } from './pdf-tasks';
import { threadCpuMs } from './thread-cpu';

/** How often a running task's CPU time is read: often enough for small budgets, cheap for large ones. */
function pollIntervalMs(timeoutMs: number): number {
  return Math.min(100, Math.max(10, Math.floor(timeoutMs / 5)));
}

/**
 * Calls onOverBudget once the task's own work in its worker has taken more than timeoutMs of CPU time,
 * counted from when the worker started the task (its clock says so): starting a worker, loading the
 * libraries and waiting for the CPU on a busy host are not the document's doing. Where the thread's CPU
 * time cannot be read (not Linux), the wall-clock time since the task was first seen started counts.
 * The worker judges a task that answers before the first poll itself. Returns a function that stops.
 */
export function watchCpuBudget(clock: Int32Array, timeoutMs: number, onOverBudget: () => void): () => void {
  let used: (() => number) | null = null;
  const poll = setInterval(() => {
    used ??= usedSince(clock);
    if (used && used() > timeoutMs) onOverBudget();
  }, pollIntervalMs(timeoutMs));
  return () => clearInterval(poll);
}

function usedSince(clock: Int32Array): (() => number) | null {
  if (Atomics.load(clock, TASK_CLOCK.started) === 0) return null;
  const tid = Atomics.load(clock, TASK_CLOCK.threadTid);
  if (tid === 0) {
    const seenAt = performance.now();
    return () => performance.now() - seenAt;
  }
  const statPath = `/proc/${process.pid}/task/${tid}/stat`;
  const startMs = Atomics.load(clock, TASK_CLOCK.cpuStartMs);
  return () => (threadCpuMs(statPath) ?? startMs) - startMs;
}
