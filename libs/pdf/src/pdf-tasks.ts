import type { PdfInspection, TokenPosition } from './types';

/**
 * The tasks a PDF worker runs, each on one untrusted document: its arguments and its result. A task is
 * added here and in the worker's table (src/worker/tasks.mjs), which mirrors this one.
 */
export interface PdfTasks {
  inspect: { args: Record<string, never>; result: PdfInspection };
  findTokens: { args: { tokens: string[] }; result: Record<string, TokenPosition[]> };
  /** Another library's work on the document: `file` (TypeScript, a PdfWorkerModule) runs in the worker. */
  module: { args: { file: string; input: unknown }; result: unknown };
}

/**
 * What a `module` task's file exports. A verdict on the document is thrown as an error carrying
 * `pdfFailure` (a PdfTaskFailure); anything else it throws counts as a corrupt document, and a file that
 * cannot be loaded is a fault of the caller's process, not of the document.
 */
export interface PdfWorkerModule<I, R> {
  runInPdfWorker(document: Uint8Array, input: I, maxPages: number): Promise<R>;
}

export type PdfTaskName = keyof PdfTasks;

/** The document: bytes in memory, or a file the worker reads itself, so the caller never holds its content. */
export type PdfSource = { bytes: Uint8Array } | { path: string };

/**
 * Where a running task tells the calling thread, without a message, that it has started and how its CPU
 * time can be read: an Int32Array over a SharedArrayBuffer, one per task (src/worker/task-clock.mjs
 * writes it). A worker that starts, loads its libraries or waits for the CPU has not started the task.
 */
export const TASK_CLOCK = { started: 0, threadTid: 1, cpuStartMs: 2, gaveUp: 3, length: 4 } as const;

/** One task as the worker receives it; bytes, if it carries them, are transferred, so the worker owns them. */
export type PdfTaskRequest = {
  id: number;
  name: PdfTaskName;
  args: unknown;
  maxPages: number;
  /** The worker answers too_complex itself when its own CPU time for the task went over this. */
  timeoutMs: number;
  clock: SharedArrayBuffer;
} & PdfSource;

export type PdfTaskFailure =
  | { reason: 'corrupt' | 'encrypted' | 'too_complex' }
  | { reason: 'too_many_pages'; pageCount: number }
  | { reason: 'active_content'; action: string }
  | { reason: 'too_many_signatures'; count: number; limit: number };

/**
 * The answer to request `id`, from worker thread `threadId`: a result, a verdict on the document, or a
 * fault of the service (a file that cannot be read; a task name the worker does not know).
 */
export type PdfTaskResponse = { id: number; threadId: number } & (
  | { ok: true; result: unknown }
  | { ok: false; failure: PdfTaskFailure }
  | { ok: false; fault: { message: string; code?: string } }
);

/** What a worker posts instead of resolving its task when it must be ended once the caller has its answer. */
export interface PdfRetiringAnswer {
  pdfTaskAnswer: PdfTaskResponse;
}

/** What a worker posts once its libraries are loaded and warm. */
export interface PdfWorkerStarted {
  pdfWorkerStarted: number;
}
