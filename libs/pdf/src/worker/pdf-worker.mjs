import { openSync, readlinkSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { capPdfLibDecoding } from './cap-decoding.mjs';
import { findTokens } from './find-tokens.mjs';
import { inspect } from './inspect.mjs';
import { memoryHeld, watchMemory } from './memory-watchdog.mjs';
import { warmUp } from './warm-up.mjs';
import { failureOf } from './pdf-failure.mjs';

/**
 * A long-lived worker of the pool (src/worker-pool.ts): it takes jobs one at a time, as messages
 * described by src/worker-protocol.ts, and answers each with one message. Its memory budget is fixed
 * when it starts (resourceLimits cannot change), so every job it runs has the same maxMemoryMb.
 */
const { maxMemoryMb } = workerData;

// The parsers narrate every defect of a damaged file on the console; the verdict goes back as a message.
for (const method of ['log', 'info', 'warn', 'error', 'debug']) console[method] = () => {};

/** The job running now; the pool sends the next one only after this one has answered. */
let currentId;

/**
 * Ends the worker at once (process.exit stops only this thread, and nothing after it runs): whatever
 * the parsers were doing is abandoned, so this worker cannot be trusted with another job.
 */
function giveUp() {
  parentPort.postMessage({ id: currentId, ok: false, failure: { reason: 'too_complex' }, memoryBytes: memoryHeld() });
  process.exit(1);
}
capPdfLibDecoding(maxMemoryMb * 1024 * 1024, giveUp);

// Both libraries are loaded before the worker says it is ready, so their one-off cost is never part of a
// job. A module that cannot load is a fault of this service: the rejection ends the worker with an 'error'.
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');

/** This thread's /proc stat file, so the pool can count the CPU time each job takes here (Linux only). */
function cpuStatPath() {
  try {
    return `/proc/${readlinkSync('/proc/thread-self')}/stat`;
  } catch {
    return null;
  }
}

/** The stat file kept open and read again from its start: two readings a job, one system call each instead of four. */
function openStat(path) {
  if (path === null) return null;
  try {
    return openSync(path, 'r');
  } catch {
    return null;
  }
}

const statPath = cpuStatPath();
const statFd = openStat(statPath);
const statBuffer = Buffer.alloc(1024);

/**
 * This thread's CPU time in ms (to the 10 ms tick; USER_HZ is 100), or null where it cannot be read.
 * Read here rather than by the pool: a job's own time then costs the caller's thread nothing.
 */
function ownCpuMs() {
  if (statFd === null) return null;
  try {
    const stat = statBuffer.toString('latin1', 0, readSync(statFd, statBuffer, 0, statBuffer.length, 0));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * 10;
    return Number.isFinite(ms) ? ms : null;
  } catch {
    return null;
  }
}

const require = createRequire(import.meta.url);
let compilesTypeScript = false;

/**
 * A module job's code (TypeScript), loaded on its first job through tsx, which this thread then compiles
 * .ts files with: workers that never run such a job never load tsx. Registered for the thread rather than
 * through tsx's namespaced require, which would load a second pdf-lib beside the worker's own, whose
 * objects the first's checks do not recognise.
 */
function jobModule(file) {
  if (!compilesTypeScript) {
    require('tsx/cjs/api').register();
    compilesTypeScript = true;
  }
  return require(file);
}

/** The file's bytes as a plain Uint8Array (a view, not a copy): pdf.js refuses Buffers. */
async function readDocument(path) {
  const buffer = await readFile(path);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

parentPort.on('message', async ({ id, job, bytes, path, maxPages }) => {
  currentId = id;
  // Loaded before the job's clock starts, and outside the try: loading code is this worker's one-off cost,
  // not the document's, and code that cannot load is this service's fault, never the document's.
  const jobCode = job.kind === 'module' ? jobModule(job.file) : null;
  const cpuBefore = ownCpuMs();

  const stopWatching = watchMemory(maxMemoryMb, giveUp);
  // Read while watched, so a file larger than the budget ends the worker as transferred bytes would; and
  // outside the try, as above: a file that cannot be read is not the document's fault.
  const document = bytes ?? (await readDocument(path));
  let output;
  try {
    const result =
      job.kind === 'inspect'
        ? await inspect(document, maxPages)
        : job.kind === 'findTokens'
          ? await findTokens(pdfjs, document, job.tokens, maxPages)
          : await jobCode.runInPdfWorker(document, job.input, maxPages);
    output = { ok: true, result };
  } catch (error) {
    output = { ok: false, failure: failureOf(error) };
  } finally {
    stopWatching();
  }
  const cpuAfter = ownCpuMs();
  const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  parentPort.postMessage({ id, ...output, memoryBytes: memoryHeld(), cpuMs, cpuTotalMs: cpuAfter });
});

await warmUp(pdfjs);
parentPort.postMessage({ ready: true, cpuStatPath: statPath, cpuTotalMs: ownCpuMs() });
