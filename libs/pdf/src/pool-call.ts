import { Piscina } from 'piscina';
import { watchCpuBudget } from './cpu-budget';
import { PdfOverloadedError, toInvalidPdfError, tooComplexPdf } from './pdf-errors';
import type { PdfLimits } from './pdf-limits';
import { poolFor, type DispatchHook } from './pdf-pool';
import { TASK_CLOCK, type PdfSource, type PdfTaskName, type PdfTaskRequest, type PdfTaskResponse, type PdfTasks } from './pdf-tasks';
import { RETRY_AFTER_SECONDS } from './pool-options';

export interface PdfTaskOutcome<R> {
  result: R;
  /** The threadId of the worker that ran the task: internal, for tests of reuse and replacement. */
  workerId: number;
}

let nextTaskId = 1;

const overloaded = (why: string) => new PdfOverloadedError(`PDF processing is at capacity (${why}); retry later`, RETRY_AFTER_SECONDS);

/**
 * Runs one task on an untrusted document in a worker of its memory budget's pool: a hostile file can at
 * worst cost that worker, which is ended when the task goes over its CPU budget or its memory, or when it
 * says it must be (see src/worker/retire.mjs), and replaced.
 *
 * - A call that finds every worker busy waits, at most queueWaitMs, behind at most maxQueued others;
 *   otherwise it is refused as overloaded.
 * - The task's own CPU time counts against timeoutMs (cpu-budget.ts): a verdict, too_complex.
 * - The wall-clock backstop, from when the call has a worker (a worker's start included), fails as
 *   overloaded: the host, not the document, was too slow.
 */
export function runInPool<N extends PdfTaskName>(
  name: N,
  source: PdfSource,
  args: PdfTasks[N]['args'],
  { timeoutMs, wallTimeoutMs, maxMemoryMb, maxPages }: PdfLimits
): Promise<PdfTaskOutcome<PdfTasks[N]['result']>> {
  const pool = poolFor(maxMemoryMb);
  const hasWorker = pool.running + pool.waiting < pool.options.workers;
  if (!hasWorker && pool.waiting >= pool.options.maxQueued) return Promise.reject(overloaded('the wait queue is full'));

  const id = nextTaskId++;
  const clock = new SharedArrayBuffer(TASK_CLOCK.length * Int32Array.BYTES_PER_ELEMENT);
  const clockView = new Int32Array(clock);
  // Transferring the caller's own buffer would detach it (callers still store the bytes afterwards),
  // and a Buffer is often a view on a larger pooled buffer: so one exact copy is made and moved.
  // A file is read by the worker itself: only its path travels.
  const copy = 'bytes' in source ? new Uint8Array(source.bytes) : undefined;
  const controller = new AbortController();

  return new Promise((resolve, reject) => {
    let state: 'waiting' | 'running' | 'settled' = 'waiting';
    let queueTimer: NodeJS.Timeout | undefined;
    let backstop: NodeJS.Timeout | undefined;
    let stopCpuWatch = () => {};

    /** Settles once; aborting a task piscina has handed to a worker ends that worker. */
    const settle = (outcome: () => void, endWorker: boolean) => {
      if (state === 'settled') return;
      if (state === 'waiting') pool.waiting--;
      else pool.running--;
      state = 'settled';
      clearTimeout(queueTimer);
      clearTimeout(backstop);
      stopCpuWatch();
      pool.waitingCalls.delete(failWaiting);
      pool.retiringAnswers.delete(id);
      if (endWorker) controller.abort();
      outcome();
    };
    const fail = (error: Error, endWorker = true) => settle(() => reject(error), endWorker);
    const failWaiting = (error: Error) => fail(error);
    const startBackstop = () => {
      backstop = setTimeout(() => fail(overloaded('the host is too busy to finish in time')), wallTimeoutMs);
    };
    const answer = (response: PdfTaskResponse, workerEnds: boolean) =>
      settle(() => {
        if (response.ok) resolve({ result: response.result as PdfTasks[N]['result'], workerId: response.threadId });
        else if ('fault' in response) reject(Object.assign(new Error(response.fault.message), response.fault.code ? { code: response.fault.code } : {}));
        else reject(toInvalidPdfError(response.failure, maxPages));
      }, workerEnds);

    const hook: DispatchHook = {
      dispatched() {
        if (state !== 'waiting') return;
        state = 'running';
        pool.waiting--;
        pool.running++;
        pool.waitingCalls.delete(failWaiting);
        clearTimeout(queueTimer);
        if (!backstop) startBackstop();
        stopCpuWatch = watchCpuBudget(clockView, timeoutMs, () => fail(tooComplexPdf()));
      }
    };
    pool.waiting++;
    pool.waitingCalls.add(failWaiting);
    pool.retiringAnswers.set(id, (response) => answer(response, true));
    if (hasWorker) startBackstop();
    else queueTimer = setTimeout(() => fail(overloaded('no worker became free in time')), pool.options.queueWaitMs);

    const request: PdfTaskRequest & { [key: symbol]: DispatchHook } = {
      id,
      name,
      args,
      maxPages,
      timeoutMs,
      clock,
      ...(copy ? { bytes: copy } : (source as { path: string })),
      [Piscina.queueOptionsSymbol]: hook
    };
    pool.piscina.run(request, { signal: controller.signal, transferList: copy ? [copy.buffer] : [] }).then(
      (response: PdfTaskResponse) => answer(response, false),
      (error: Error & { code?: string }) => fail(workerFailure(error, clockView), false)
    );
  });
}

/** A worker that ended during the task: by its own memory guards or V8's heap limit (a verdict), or a fault. */
function workerFailure(error: Error & { code?: string }, clock: Int32Array): Error {
  if (Atomics.load(clock, TASK_CLOCK.gaveUp) === 1 || error.code === 'ERR_WORKER_OUT_OF_MEMORY') return tooComplexPdf();
  return error;
}
