import path from 'node:path';
import { Piscina } from 'piscina';
import type { ResourceLimits } from 'node:worker_threads';
import { DEFAULT_SLOT_OPTIONS, IDLE_MS, type SlotOptions } from './pool-options';
import type { PdfRetiringAnswer, PdfTaskResponse, PdfWorkerStarted } from './pdf-tasks';

/** Plain JavaScript, so the same file runs under tsx, under jest and in plain node without a loader. */
const WORKER_FILE = path.join(__dirname, 'worker', 'pdf-worker.mjs');

/**
 * The workers of one memory budget: resourceLimits, the watchdog and the pdf-lib cap are fixed when a
 * worker starts, so a task only ever runs in a worker started for exactly its maxMemoryMb. piscina
 * starts, queues, dispatches and replaces the workers; this adds what it does not do: counting the calls
 * that wait (its maxQueue does not count abortable tasks) and handing each call its dispatch.
 */
export class BudgetPool {
  readonly piscina: Piscina;
  /** Calls dispatched to a worker and not yet settled. */
  running = 0;
  /** Calls waiting for a worker. */
  waiting = 0;
  /** Threads whose libraries are loaded and warm. */
  private readonly startedThreads = new Set<number>();
  /** Answers of workers that end after answering (PdfRetiringAnswer), by request id. */
  readonly retiringAnswers = new Map<number, (response: PdfTaskResponse) => void>();
  /** Calls waiting for a worker, failed at once if the pool cannot start workers. */
  readonly waitingCalls = new Set<(error: Error) => void>();

  constructor(readonly maxMemoryMb: number, readonly options: Readonly<SlotOptions>, readonly warm: boolean) {
    this.piscina = new Piscina({
      filename: WORKER_FILE,
      workerData: { maxMemoryMb },
      // The worker is plain JavaScript: inheriting the caller's loader flags (tsx, jest) only slows its start.
      execArgv: [],
      resourceLimits: heapLimits(maxMemoryMb),
      maxThreads: options.workers,
      // A warm pool keeps all its workers started: piscina replaces an ended one at once. Another starts
      // them on demand, so a worker ended by a task is replaced by the next call, not straight away.
      minThreads: warm ? options.workers : 0,
      idleTimeout: IDLE_MS,
      concurrentTasksPerWorker: 1,
      loadBalancer: (task, workers) => {
        const idle = workers.find((worker) => worker.currentUsage === 0) ?? null;
        if (idle) dispatchHookOf(task)?.dispatched();
        return idle;
      }
    });
    this.piscina.on('message', (message: Partial<PdfRetiringAnswer & PdfWorkerStarted>) => {
      if (message.pdfWorkerStarted !== undefined) this.startedThreads.add(message.pdfWorkerStarted);
      if (message.pdfTaskAnswer) this.retiringAnswers.get(message.pdfTaskAnswer.id)?.(message.pdfTaskAnswer);
    });
    // A worker that failed with no task of its own (it could not start): the waiting calls would never run.
    this.piscina.on('error', (error: Error) => {
      for (const fail of [...this.waitingCalls]) fail(error);
    });
  }

  /** Live workers, and those of them started and not running a call. */
  state(): { workers: number; idleStarted: number } {
    const live = this.piscina.threads.map((worker) => worker.threadId);
    for (const id of this.startedThreads) if (!live.includes(id)) this.startedThreads.delete(id);
    return { workers: live.length, idleStarted: Math.max(0, this.startedThreads.size - this.running) };
  }
}

/** Carried by each task for the load balancer: called once the task is handed to a worker. */
export interface DispatchHook {
  dispatched(): void;
}

/** The hook runInPool gives each task, as piscina passes it on: the task's queue options. */
function dispatchHookOf(task: object): DispatchHook | null {
  return (task as Record<symbol, DispatchHook | null>)[Piscina.queueOptionsSymbol] ?? null;
}

/** The process's pools, by memory budget. */
const pools = new Map<number, BudgetPool>();
/** The slot options of every pool, and the budget kept warm (startPdfWorkers), if any. */
let settings: { options: Readonly<SlotOptions>; warmBudget: number | null } = { options: DEFAULT_SLOT_OPTIONS, warmBudget: null };

export function poolFor(maxMemoryMb: number): BudgetPool {
  let pool = pools.get(maxMemoryMb);
  if (!pool) {
    pool = new BudgetPool(maxMemoryMb, settings.options, settings.warmBudget === maxMemoryMb);
    pools.set(maxMemoryMb, pool);
  }
  return pool;
}

/**
 * Applies new slot options and keeps `warmBudget`'s workers started (null: none). Pools whose settings
 * change are closed (their running calls finish) and replaced by new ones for later calls; a warm pool
 * starts its workers now.
 */
export async function configurePools(options: Readonly<SlotOptions>, warmBudget: number | null): Promise<void> {
  settings = { options, warmBudget };
  const closing: Array<Promise<void>> = [];
  for (const [budget, pool] of pools) {
    if (samePoolSettings(pool, options, warmBudget === budget)) continue;
    pools.delete(budget);
    closing.push(pool.piscina.close());
  }
  if (warmBudget !== null) poolFor(warmBudget);
  await Promise.all(closing);
}

function samePoolSettings(pool: BudgetPool, options: Readonly<SlotOptions>, warm: boolean): boolean {
  const current = pool.options;
  return pool.warm === warm && current.workers === options.workers && current.maxQueued === options.maxQueued && current.queueWaitMs === options.queueWaitMs;
}

/**
 * Ends every PDF worker, idle or busy (calls in flight fail with an Error), and resolves once they
 * have all stopped. Idle workers never keep a process alive, so this is for tests and orderly
 * shutdowns; later calls start new workers.
 */
export async function closePdfWorkers(): Promise<void> {
  settings = { ...settings, warmBudget: null };
  const closing = [...pools.values()];
  pools.clear();
  await Promise.all(closing.map((pool) => pool.piscina.destroy()));
}

/** Internal, for tests of warm-keeping: live workers, and idle ones whose libraries are loaded. */
export function pdfPoolState(): { workers: number; idleStarted: number } {
  let workers = 0;
  let idleStarted = 0;
  for (const pool of pools.values()) {
    const state = pool.state();
    workers += state.workers;
    idleStarted += state.idleStarted;
  }
  return { workers, idleStarted };
}

/** V8's limits cover the JavaScript heap only; the worker watches its own buffers against the same budget. */
function heapLimits(maxMemoryMb: number): ResourceLimits {
  return {
    maxOldGenerationSizeMb: maxMemoryMb,
    // The nursery is memory too: it gets a slice of the budget instead of V8's default of up to 48 MB.
    maxYoungGenerationSizeMb: Math.max(4, Math.round(maxMemoryMb / 16))
  };
}
