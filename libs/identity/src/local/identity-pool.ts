import path from 'node:path';
import { Piscina } from 'piscina';
import type { EngineVersions } from '../types';
import type { WorkerStats } from './worker-answers';
import { ocrDataDir } from './ocr-data';

/** Plain JavaScript, so the same file runs under tsx, under jest and in plain node without a loader. */
const WORKER_FILE = path.join(__dirname, 'worker', 'identity-worker.mjs');

export interface IdentityPoolOptions {
  /** Worker threads, so checks running at once (default 1: one check already uses most of a core). */
  workers: number;
  /** Start the workers and load every engine now rather than on the first check. */
  warm: boolean;
  /** Longest a check may take once it has a worker; the worker is then ended and the call fails (default 60 s). */
  taskTimeoutMs: number;
  /** Checks that may wait for a worker; one more fails at once (default 16). */
  maxQueued: number;
  /** A worker's JavaScript heap plus its buffers (pixels, wasm engines); past it the worker is ended (default 1536 MB). */
  maxMemoryMb: number;
  /** An idle worker beyond the warm ones ends after this long, and its engines with it (default 5 minutes). */
  idleTimeoutMs: number;
}

export const DEFAULT_POOL_OPTIONS: Readonly<IdentityPoolOptions> = {
  workers: 1,
  warm: false,
  taskTimeoutMs: 60_000,
  maxQueued: 16,
  maxMemoryMb: 1536,
  idleTimeoutMs: 5 * 60_000
};

type TaskName = 'checkDocument' | 'checkSelfie' | 'warm' | 'offlineSelfTest';

type WorkerResponse =
  | { ok: true; result: unknown; versions: EngineVersions; stats: WorkerStats }
  | { ok: false; fault: { message: string }; stats?: WorkerStats };

/** What the pool's workers have loaded and hold, for the bench and for health. */
export interface IdentityPoolStats {
  /** Live worker threads. */
  workers: number;
  /** Each live worker as of its last task. */
  threads: WorkerStats[];
  /** This process's resident memory now (worker threads share it). */
  rssBytes: number;
}

/**
 * The identity engine's worker threads (piscina): OCR, barcode and face work never runs on the event
 * loop. Each worker loads its engines once. A task that outlives taskTimeoutMs ends its worker, and a
 * worker that dies (memory, a crash) fails only the call it was running, with an ordinary Error: a fault
 * to retry, never a verdict. piscina replaces ended workers.
 */
export class IdentityPool {
  private readonly piscina: Piscina;
  private readonly stats = new Map<number, WorkerStats>();
  /** Calls that have a worker. */
  private running = 0;
  /** Calls waiting for one, first come first served. */
  private readonly queue: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  private closed = false;

  constructor(readonly options: Readonly<IdentityPoolOptions>) {
    this.piscina = new Piscina({
      filename: WORKER_FILE,
      workerData: { maxMemoryMb: options.maxMemoryMb },
      // The worker is plain JavaScript: inheriting the caller's loader flags (tsx, jest) only slows its start.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: Math.min(1024, Math.round(options.maxMemoryMb / 2)) },
      maxThreads: options.workers,
      minThreads: options.warm ? options.workers : 0,
      idleTimeout: options.idleTimeoutMs,
      concurrentTasksPerWorker: 1
    });
    // A worker that cannot start fails the waiting calls through their own promises; this keeps the
    // pool's 'error' event from ending the process.
    this.piscina.on('error', () => {});
  }

  /** Runs one task, transferring `transfer` (the images' pixels) to the worker. */
  async run<R>(name: TaskName, args: unknown, transfer: ArrayBuffer[] = []): Promise<{ result: R; versions: EngineVersions }> {
    if (this.closed) throw new Error('The identity engine is closed');
    const ocrDir = await ocrDataDir();
    await this.slot();
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const task = this.piscina.run({ name, args, ocrDir }, { transferList: transfer, signal: controller.signal });
    task.catch(() => {});
    // The time limit counts from when the task has a worker (a worker's start and engine loading included).
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // Settled first, so the race answers with this and not with the abort's own rejection.
        reject(new Error(`The identity engine did not finish within ${Math.round(this.options.taskTimeoutMs / 1000)} s; its worker was ended`));
        controller.abort();
      }, this.options.taskTimeoutMs);
    });
    let response: WorkerResponse;
    try {
      response = (await Promise.race([task, timeout])) as WorkerResponse;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(message.startsWith('The identity engine') ? message : `An identity worker failed: ${message}`);
    } finally {
      clearTimeout(timer);
      this.release();
    }
    if (response.stats) this.stats.set(response.stats.threadId, response.stats);
    if (!response.ok) throw new Error(`The identity engine failed: ${response.fault.message}`);
    return { result: response.result as R, versions: response.versions };
  }

  /** Waits for a free worker: at most maxQueued calls wait, so a burst is told to retry instead of piling up. */
  private async slot(): Promise<void> {
    if (this.running < this.options.workers) {
      this.running++;
      return;
    }
    if (this.queue.length >= this.options.maxQueued) throw new Error('The identity engine is at capacity; retry later');
    await new Promise<void>((resolve, reject) => this.queue.push({ resolve, reject }));
  }

  /** Hands the freed worker to the first waiting call, if any. */
  private release(): void {
    const next = this.queue.shift();
    if (next) next.resolve();
    else this.running--;
  }

  /** Loads every engine in every worker now. */
  async warm(): Promise<void> {
    await Promise.all(Array.from({ length: this.options.workers }, () => this.run('warm', {})));
  }

  snapshot(): IdentityPoolStats {
    const live = new Set(this.piscina.threads.map((thread) => thread.threadId));
    for (const id of this.stats.keys()) if (!live.has(id)) this.stats.delete(id);
    return { workers: live.size, threads: [...this.stats.values()], rssBytes: process.memoryUsage().rss };
  }

  /** Ends every worker; calls in flight fail with an Error. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiting of this.queue.splice(0)) waiting.reject(new Error('The identity engine is closed'));
    await this.piscina.destroy();
  }
}
