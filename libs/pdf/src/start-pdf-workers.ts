import { DEFAULT_PDF_LIMITS, resolvePdfLimits, setProcessPdfLimits, type PdfLimits } from './pdf-limits';
import { configurePools } from './pdf-pool';
import { DEFAULT_SLOT_OPTIONS, type SlotOptions } from './pool-options';

/** A process's PDF settings: the limits of every call that gives none, and the pool's size and queue. */
export type PdfWorkerConfig = PdfLimits & SlotOptions;

let holders = 0;

/**
 * Starts the process's PDF workers now and keeps them warm (a worker ended for any reason is replaced at
 * once), with `config` as the limits of calls that give none. Each part that inspects PDFs calls it when
 * it starts; the returned stop, once every caller has called its own, ends the workers once their calls
 * are done and restores the library's defaults. Several callers must agree: the last configuration wins.
 */
export function startPdfWorkers(config: PdfWorkerConfig): () => Promise<void> {
  const limits = resolvePdfLimits(config, DEFAULT_PDF_LIMITS);
  for (const key of ['workers', 'maxQueued', 'queueWaitMs'] as const) {
    if (!Number.isInteger(config[key]) || config[key] < (key === 'maxQueued' ? 0 : 1)) throw new RangeError(`PdfWorkerConfig.${key} must be a positive integer`);
  }
  setProcessPdfLimits(limits);
  holders++;
  void configurePools({ workers: config.workers, maxQueued: config.maxQueued, queueWaitMs: config.queueWaitMs }, limits.maxMemoryMb);
  let stopped = false;
  return async () => {
    if (stopped) return;
    stopped = true;
    holders--;
    if (holders > 0) return;
    setProcessPdfLimits(DEFAULT_PDF_LIMITS);
    await configurePools(DEFAULT_SLOT_OPTIONS, null);
  };
}

/** startPdfWorkers as a service's background worker: started and stopped with the part. */
export function pdfWorkersLoop(config: PdfWorkerConfig): { start(): void; stop(): Promise<void> } {
  let stop: (() => Promise<void>) | null = null;
  return {
    start() {
      stop ??= startPdfWorkers(config);
    },
    async stop() {
      const stopping = stop;
      stop = null;
      await stopping?.();
    }
  };
}
