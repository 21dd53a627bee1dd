import { memoryHeld } from './memory-watchdog.mjs';

const MEGABYTE = 1024 * 1024;
/**
 * A worker is replaced after this many tasks anyway. A start costs about a second of CPU (both libraries
 * and the warm-up), so replacing every 200 tasks cost each small file more than its own work did; what
 * the parsers keep between files is caught much sooner by the memory check below.
 */
const MAX_TASKS_PER_WORKER = 10_000;
/**
 * A worker that still holds more than this after a task (committed heap plus ArrayBuffers: live data,
 * garbage V8 has not collected yet and fragmentation, as a large file leaves them) is replaced rather
 * than kept: idle workers stay small, and the next task does not start with part of its budget taken.
 * The libraries alone hold about 26 MB (pdf-lib) and 41 MB (with pdf.js), hence the floor.
 */
const RETAINED_FLOOR_MB = 64;
const RETAINED_SHARE = 0.25;

/**
 * Whether this worker should end once it has answered: a verdict on the document (the parsers threw,
 * nothing was abandoned half-way) leaves it sound; running out of room, a fault, or holding on to too
 * much memory may not have.
 */
export function shouldRetire(response, tasksDone, maxMemoryMb) {
  if (!response.ok && ('fault' in response || response.failure.reason === 'too_complex')) return true;
  if (tasksDone >= MAX_TASKS_PER_WORKER) return true;
  return memoryHeld() > Math.max(RETAINED_FLOOR_MB, maxMemoryMb * RETAINED_SHARE) * MEGABYTE;
}
