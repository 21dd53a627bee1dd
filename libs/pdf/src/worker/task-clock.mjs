import { openSync, readlinkSync, readSync } from 'node:fs';

/** Indexes into a task's clock; mirrors TASK_CLOCK in src/pdf-tasks.ts. */
const STARTED = 0;
const THREAD_TID = 1;
const CPU_START_MS = 2;
const GAVE_UP = 3;

/** This thread's id for the kernel (/proc/<pid>/task/<tid>), or 0 where there is no /proc (not Linux). */
function kernelThreadId() {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').at(-1)) || 0;
  } catch {
    return 0;
  }
}

const tid = kernelThreadId();
/** The stat file kept open and read again from its start: one system call a reading. */
const statFd = tid === 0 ? null : openSync(`/proc/thread-self/stat`, 'r');
const statBuffer = Buffer.alloc(1024);

/** This thread's CPU time in ms (user plus system, to the 10 ms tick; USER_HZ is 100), or null. */
export function ownCpuMs() {
  if (statFd === null) return null;
  try {
    const stat = statBuffer.toString('latin1', 0, readSync(statFd, statBuffer, 0, statBuffer.length, 0));
    // The command name (field 2) is in parentheses and may hold spaces: fields are counted after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * 10;
    return Number.isFinite(ms) ? ms : null;
  } catch {
    return null;
  }
}

/**
 * Tells the calling thread the task has started here, and where and from what value to count its CPU
 * time: from now on the document's own work counts against its budget.
 */
export function markStarted(clock, cpuStartMs) {
  Atomics.store(clock, THREAD_TID, cpuStartMs === null ? 0 : tid);
  Atomics.store(clock, CPU_START_MS, cpuStartMs ?? 0);
  Atomics.store(clock, STARTED, 1);
}

/** Marks the task as stopped by this worker's own memory guards, just before the worker ends itself. */
export function markGaveUp(clock) {
  Atomics.store(clock, GAVE_UP, 1);
}
