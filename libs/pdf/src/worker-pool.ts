import path from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { watchBudget } from './job-budget';
import { activeContent, corruptPdf, encryptedPdf, InvalidPdfError, PdfOverloadedError, tooComplexPdf, tooManyPages, tooManySignatures } from './pdf-errors';
import type { PdfLimits } from './pdf-limits';
import { RETRY_AFTER_SECONDS, slotCount } from './worker-slots';
import type {
  PdfJob,
  PdfJobResults,
  PdfSource,
  PdfWorkerData,
  PdfWorkerFailure,
  PdfWorkerReady,
  PdfWorkerRequest,
  PdfWorkerResponse
} from './worker-protocol';

/** Plain JavaScript, so the same file runs under tsx, under jest and in plain node without a loader. */
const WORKER_FILE = path.join(__dirname, 'worker', 'pdf-worker.mjs');
const MEGABYTE = 1024 * 1024;

/**
 * A worker is replaced after this many jobs anyway. A start costs about a second of CPU (both libraries
 * and the warm-up), so replacing every 200 jobs cost each small file more than its own work did; what
 * the parsers keep between files is caught much sooner by the memory check below.
 */
const MAX_JOBS_PER_WORKER = 10_000;
/**
 * A worker that still holds more than this after a job (committed heap plus ArrayBuffers: live data,
 * garbage V8 has not collected yet and fragmentation, as a large file leaves them) is replaced rather
 * than kept: idle workers stay small, and the next job does not start with part of its budget taken.
 * The libraries alone hold about 26 MB (pdf-lib) and 41 MB (with pdf.js), hence the floor.
 */
const RETAINED_FLOOR_MB = 64;
const RETAINED_SHARE = 0.25;
/** An idle worker beyond the warm ones is ended after this long, so a quiet process gives its memory back. */
export const IDLE_MS = 30_000;

/**
 * Workers kept started and idle for the process's usual memory budget (startPdfWorkers): a timed-out or
 * recycled one is replaced at once, so no call pays a worker's start on the way.
 */
let warm: { maxMemoryMb: number } | null = null;

interface PooledWorker {
  worker: Worker;
  maxMemoryMb: number;
  jobsDone: number;
  /** Resolves once the worker has loaded its libraries; the pool posts jobs only after that. */
  started: Promise<void>;
  markStarted(): void;
  hasStarted: boolean;
  /** Where this thread's CPU time is read (see job-budget.ts), known once it has started. */
  cpuStatPath: string | null;
  /** The thread's CPU time as of its last message: it is idle until the next job. */
  cpuAtRest: number | null;
  /** The job it runs, if any; its handlers decide what each event of the worker means for it. */
  current?: RunningJob;
  idleTimer?: NodeJS.Timeout;
}

interface RunningJob {
  onResponse(response: PdfWorkerResponse<unknown>): void;
  onError(error: Error & { code?: string }): void;
  onExit(code: number): void;
}

/** Every live worker, busy or idle; a worker leaves this set when it is being ended. */
const workers = new Set<PooledWorker>();
/** Idle workers, least recently used first. */
const idle: PooledWorker[] = [];
/** Terminations under way, which closePdfWorkers waits for. */
const ending = new Set<Promise<unknown>>();
let nextJobId = 1;

export interface PooledJobOutcome<R> {
  result: R;
  /** The threadId of the worker that ran the job: internal, for tests of reuse and replacement. */
  workerId: number;
}

/**
 * Runs one job on an untrusted document in a warm worker of the pool, or a new one: a hostile file can at
 * worst cost that worker, which is ended when it goes over its CPU budget, outgrows its memory, crashes
 * or answers out of turn, and replaced. The caller must hold a slot (worker-slots.ts), which guarantees
 * a worker can be had without exceeding the pool's size. The budget counts the job's own work only
 * (job-budget.ts); the wall-clock backstop, which counts everything, fails as overloaded, not as a verdict.
 */
export async function runInPooledWorker<J extends PdfJob>(
  job: J,
  source: PdfSource,
  { timeoutMs, wallTimeoutMs, maxMemoryMb, maxPages }: PdfLimits
): Promise<PooledJobOutcome<PdfJobResults[J['kind']]>> {
  const pooled = await acquire(maxMemoryMb);
  // Transferring the caller's own buffer would detach it (callers still store the bytes afterwards),
  // and a Buffer is often a view on a larger pooled buffer: so one exact copy is made and moved.
  // A file is read by the worker itself: only its path travels.
  const copy = 'bytes' in source ? new Uint8Array(source.bytes) : undefined;
  const request: PdfWorkerRequest = { id: nextJobId++, job, maxPages, ...(copy ? { bytes: copy } : source) };
  const workerId = pooled.worker.threadId;

  return new Promise<PooledJobOutcome<PdfJobResults[J['kind']]>>((resolve, reject) => {
    let settled = false;
    /** Settles once; a worker that is in any doubt is ended before the caller hears of the outcome. */
    const finish = (keepWorker: boolean, outcome: () => void) => {
      if (settled) return;
      settled = true;
      budget.stop();
      pooled.current = undefined;
      if (keepWorker) {
        release(pooled);
        outcome();
      } else {
        void retire(pooled).then(outcome);
      }
    };
    const budget = watchBudget({
      timeoutMs,
      wallTimeoutMs,
      cpuStatPath: () => pooled.cpuStatPath,
      cpuAtRest: () => pooled.cpuAtRest,
      onOverBudget: () => finish(false, () => reject(tooComplexPdf())),
      onBackstop: () => finish(false, () => reject(hostTooBusy()))
    });

    pooled.current = {
      onResponse(response) {
        if (response.id !== request.id) {
          finish(false, () => reject(new Error('The PDF worker answered for another job')));
        } else if (budget.overBudget(response.cpuMs)) {
          finish(false, () => reject(tooComplexPdf()));
        } else if (response.ok) {
          const keep = worthKeeping(pooled, response.memoryBytes);
          finish(keep, () => resolve({ result: response.result as PdfJobResults[J['kind']], workerId }));
        } else {
          // A verdict on the document leaves the worker sound; running out of room may not have.
          const keep = response.failure.reason !== 'too_complex' && worthKeeping(pooled, response.memoryBytes);
          finish(keep, () => reject(toInvalidPdfError(response.failure, maxPages)));
        }
      },
      onError(error) {
        finish(false, () => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplexPdf() : error));
      },
      onExit(code) {
        finish(false, () => reject(new Error(`The PDF worker exited with code ${code} before answering`)));
      }
    };
    // A busy worker keeps the process alive, as any pending work does; an idle one does not.
    pooled.worker.ref();
    void pooled.started.then(() => {
      if (settled) return;
      budget.jobStarted();
      pooled.worker.postMessage(request, copy ? [copy.buffer] : []);
    });
  });
}

const hostTooBusy = () =>
  new PdfOverloadedError('PDF processing is at capacity (the host is too busy to finish in time); retry later', RETRY_AFTER_SECONDS);

/**
 * Ends every PDF worker, idle or busy (calls in flight fail with an Error), and resolves once they
 * have all stopped. Idle workers never keep a process alive, so this is for tests and orderly
 * shutdowns; later calls start new workers.
 */
export async function closePdfWorkers(): Promise<void> {
  warm = null;
  for (const pooled of [...workers]) {
    const job = pooled.current;
    void retire(pooled);
    job?.onError(new Error('The PDF workers were closed'));
  }
  await Promise.all(ending);
}

/**
 * An idle worker with the same memory budget (a started one first, most recently used first: its caches
 * are warmest), or a new one.
 */
async function acquire(maxMemoryMb: number): Promise<PooledWorker> {
  const fitting = idle.filter((pooled) => pooled.maxMemoryMb === maxMemoryMb).reverse();
  const chosen = fitting.find((pooled) => pooled.hasStarted) ?? fitting[0];
  if (chosen) {
    idle.splice(idle.indexOf(chosen), 1);
    clearTimeout(chosen.idleTimer);
    return chosen;
  }
  // The caller's slot means at most slotCount() - 1 workers are busy, so a full pool has an idle worker
  // (with another budget) to end first: the process never holds more workers than slots.
  while (workers.size >= slotCount() && idle.length > 0) await retire(idle[0]!);
  return spawn(maxMemoryMb);
}

/**
 * Keeps the process's usual budget warm: started, idle workers up to one per slot (startPdfWorkers), or
 * stops doing so (null) and ends the idle workers; busy ones end IDLE_MS after their job, like any others.
 */
export async function keepWorkersWarm(next: { maxMemoryMb: number } | null): Promise<void> {
  warm = next;
  if (next === null) {
    await Promise.all([...idle].map(retire));
    return;
  }
  for (const pooled of idle) {
    clearTimeout(pooled.idleTimer);
    if (!isWarm(pooled)) startIdleTimer(pooled);
  }
  refill();
}

function isWarm(pooled: PooledWorker): boolean {
  return warm !== null && pooled.maxMemoryMb === warm.maxMemoryMb;
}

/** Starts warm workers into the free places of the pool; a call that needs a place takes one from them. */
function refill(): void {
  if (!warm) return;
  while (workers.size < slotCount()) {
    const pooled = spawn(warm.maxMemoryMb);
    pooled.worker.unref();
    idle.push(pooled);
  }
}

function spawn(maxMemoryMb: number): PooledWorker {
  const workerData: PdfWorkerData = { maxMemoryMb };
  const worker = new Worker(WORKER_FILE, {
    workerData,
    // The worker is plain JavaScript: inheriting the caller's loader flags (tsx, jest) only slows its start.
    execArgv: [],
    resourceLimits: heapLimits(maxMemoryMb)
  });
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const pooled: PooledWorker = { worker, maxMemoryMb, jobsDone: 0, started, markStarted, hasStarted: false, cpuStatPath: null, cpuAtRest: null };
  workers.add(pooled);
  worker.on('message', (response: PdfWorkerResponse<unknown> | PdfWorkerReady) => {
    pooled.cpuAtRest = response.cpuTotalMs ?? null;
    if ('ready' in response) {
      pooled.cpuStatPath = response.cpuStatPath;
      pooled.hasStarted = true;
      pooled.markStarted();
    } else if (pooled.current) pooled.current.onResponse(response);
    else void retire(pooled); // an answer nobody asked for: the worker is not doing what it should
  });
  worker.on('messageerror', (error) => pooled.current?.onError(error));
  worker.on('error', (error) => {
    if (pooled.current) pooled.current.onError(error);
    else void retire(pooled);
  });
  worker.on('exit', (code) => {
    if (pooled.current) pooled.current.onExit(code);
    else forget(pooled);
  });
  return pooled;
}

function worthKeeping(pooled: PooledWorker, memoryBytes: number): boolean {
  return (
    pooled.jobsDone + 1 < MAX_JOBS_PER_WORKER &&
    Number.isFinite(memoryBytes) &&
    memoryBytes <= Math.max(RETAINED_FLOOR_MB, pooled.maxMemoryMb * RETAINED_SHARE) * MEGABYTE
  );
}

function release(pooled: PooledWorker): void {
  if (!workers.has(pooled)) return; // closed meanwhile
  pooled.jobsDone++;
  pooled.worker.unref();
  if (!isWarm(pooled)) startIdleTimer(pooled);
  idle.push(pooled);
}

function startIdleTimer(pooled: PooledWorker): void {
  pooled.idleTimer = setTimeout(() => void retire(pooled), IDLE_MS);
  pooled.idleTimer.unref();
}

/** Takes the worker out of the pool and ends it; resolves once its thread, and its memory, are gone. */
function retire(pooled: PooledWorker): Promise<unknown> {
  if (!workers.has(pooled)) return Promise.resolve();
  forget(pooled);
  const termination = pooled.worker.terminate().catch(() => undefined);
  ending.add(termination);
  void termination.then(() => {
    ending.delete(termination);
    // Only a worker that had started is replaced: one that cannot start would otherwise be restarted forever.
    if (pooled.hasStarted) refill();
  });
  return termination;
}

function forget(pooled: PooledWorker): void {
  workers.delete(pooled);
  const index = idle.indexOf(pooled);
  if (index !== -1) idle.splice(index, 1);
  clearTimeout(pooled.idleTimer);
}

/** V8's limits cover the JavaScript heap only; the worker watches its own buffers against the same budget. */
function heapLimits(maxMemoryMb: number): ResourceLimits {
  return {
    maxOldGenerationSizeMb: maxMemoryMb,
    // The nursery is memory too: it gets a slice of the budget instead of V8's default of up to 48 MB.
    maxYoungGenerationSizeMb: Math.max(4, Math.round(maxMemoryMb / 16))
  };
}

function toInvalidPdfError(failure: PdfWorkerFailure, maxPages: number): InvalidPdfError {
  switch (failure.reason) {
    case 'corrupt':
      return corruptPdf();
    case 'encrypted':
      return encryptedPdf();
    case 'too_complex':
      return tooComplexPdf();
    case 'too_many_pages':
      return tooManyPages(failure.pageCount, maxPages);
    case 'active_content':
      return activeContent(failure.action);
    case 'too_many_signatures':
      return tooManySignatures(failure.count, failure.limit);
  }
}

/** Internal, for tests of warm-keeping: live workers, and idle ones whose libraries are loaded. */
export function pdfPoolState(): { workers: number; idleStarted: number } {
  return { workers: workers.size, idleStarted: idle.filter((pooled) => pooled.hasStarted).length };
}
