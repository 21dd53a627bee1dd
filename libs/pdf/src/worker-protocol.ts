import type { PdfInspection, TokenPosition } from './types';

/**
 * Mirrors what src/worker/pdf-worker.mjs reads from workerData and messages, and posts back. A `module`
 * job runs another library's work on untrusted PDFs under the same budgets: `file` (TypeScript, loaded
 * in the worker through tsx) exports `runInPdfWorker(document, input, maxPages)`, see PdfWorkerModule.
 */
export type PdfJob = { kind: 'inspect' } | { kind: 'findTokens'; tokens: string[] } | { kind: 'module'; file: string; input: unknown };

export interface PdfJobResults {
  inspect: PdfInspection;
  findTokens: Record<string, TokenPosition[]>;
  module: unknown;
}

/**
 * What a module job's file exports. A verdict on the document is thrown as an error carrying
 * `pdfFailure` (a PdfWorkerFailure); anything else it throws counts as a corrupt document, and a file
 * that cannot be loaded is a fault of the caller's process, not of the document.
 */
export interface PdfWorkerModule<I, R> {
  runInPdfWorker(document: Uint8Array, input: I, maxPages: number): Promise<R>;
}

/** Fixed for the worker's whole life, like its resourceLimits. */
export interface PdfWorkerData {
  maxMemoryMb: number;
}

/** The document: bytes in memory, or a file the worker reads itself, so the caller never holds its content. */
export type PdfSource = { bytes: Uint8Array } | { path: string };

/** One job; its bytes, if it carries them, are transferred, so the worker owns them. */
export type PdfWorkerRequest = { id: number; job: PdfJob; maxPages: number } & PdfSource;

export type PdfWorkerFailure =
  | { reason: 'corrupt' | 'encrypted' | 'too_complex' }
  | { reason: 'too_many_pages'; pageCount: number }
  | { reason: 'active_content'; action: string }
  | { reason: 'too_many_signatures'; count: number; limit: number };

/**
 * The answer to request `id`, with the memory the worker holds once the job is done (committed heap plus
 * ArrayBuffers), the CPU time the job took in the worker's thread and the thread's total after it (null
 * where they cannot be read).
 */
export type PdfWorkerResponse<R> = { id: number; memoryBytes: number; cpuMs: number | null; cpuTotalMs: number | null } & (
  | { ok: true; result: R }
  | { ok: false; failure: PdfWorkerFailure }
);

/** The worker's first message: its libraries are loaded, and where its CPU time can be read (null: not Linux). */
export interface PdfWorkerReady {
  ready: true;
  cpuStatPath: string | null;
  cpuTotalMs: number | null;
}
