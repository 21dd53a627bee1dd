import { readFile } from 'node:fs/promises';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { capPdfLibDecoding } from './cap-decoding.mjs';
import { watchMemory } from './memory-watchdog.mjs';
import { failureOf } from './pdf-failure.mjs';
import { shouldRetire } from './retire.mjs';
import { markGaveUp, markStarted, ownCpuMs } from './task-clock.mjs';
import { loadTaskCode, TASKS } from './tasks.mjs';
import { warmUp } from './warm-up.mjs';

/**
 * A piscina worker of the PDF pool (src/pdf-pool.ts): it runs one task at a time (src/pdf-tasks.ts)
 * and answers each. Its memory budget is fixed when it starts (resourceLimits cannot change), so every
 * task it runs has the same maxMemoryMb.
 */
const { maxMemoryMb } = workerData;

// The parsers narrate every defect of a damaged file on the console; the verdict goes back as the answer.
for (const method of ['log', 'info', 'warn', 'error', 'debug']) console[method] = () => {};

/** The clock of the task running now. */
let clock;
let tasksDone = 0;

/**
 * Ends the worker at once (process.exit stops only this thread, and nothing after it runs): whatever
 * the parsers were doing is abandoned, so this worker cannot be trusted with another task. The pool
 * reads the mark on the task's clock and answers too_complex.
 */
function giveUp() {
  if (clock) markGaveUp(clock);
  process.exit(1);
}
capPdfLibDecoding(maxMemoryMb * 1024 * 1024, giveUp);

// Both libraries are loaded and warm before piscina hears the worker is ready, so their one-off cost is
// never part of a task. A module that cannot load is a fault of this service: the worker fails to start.
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
await warmUp(pdfjs);
parentPort.postMessage({ pdfWorkerStarted: threadId });

/** The file's bytes as a plain Uint8Array (a view, not a copy): pdf.js refuses Buffers. */
async function readDocument(path) {
  const buffer = await readFile(path);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

async function outcomeOf({ name, args, bytes, path, maxPages }) {
  if (!Object.hasOwn(TASKS, name)) return { ok: false, fault: { message: `No PDF task is named ${name}` } };
  let document;
  try {
    // Read while the memory is watched, so a file larger than the budget ends the worker as transferred
    // bytes would. A file that cannot be read is not the document's fault.
    document = bytes ?? (await readDocument(path));
  } catch (error) {
    return { ok: false, fault: { message: error.message, code: error.code } };
  }
  try {
    return { ok: true, result: await TASKS[name](document, args, { pdfjs, maxPages }) };
  } catch (error) {
    return { ok: false, failure: failureOf(error) };
  }
}

export default async function runTask(task) {
  loadTaskCode(task);
  clock = new Int32Array(task.clock);
  const cpuBefore = ownCpuMs();
  markStarted(clock, cpuBefore);
  const stopWatching = watchMemory(maxMemoryMb, giveUp);
  let outcome;
  try {
    outcome = await outcomeOf(task);
  } finally {
    stopWatching();
    clock = undefined;
  }
  const cpuAfter = ownCpuMs();
  // Measured here, so a task's own time costs the calling thread no read of /proc.
  const overBudget = cpuBefore !== null && cpuAfter !== null && cpuAfter - cpuBefore > task.timeoutMs;
  const response = { id: task.id, threadId, ...(overBudget ? { ok: false, failure: { reason: 'too_complex' } } : outcome) };
  tasksDone++;
  if (!shouldRetire(response, tasksDone, maxMemoryMb)) return response;
  // Resolving would hand this worker its next task; the pool ends it instead, once it has the answer.
  parentPort.postMessage({ pdfTaskAnswer: response });
  return new Promise(() => {});
}
