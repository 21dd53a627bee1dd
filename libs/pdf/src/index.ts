export { findTextTokens } from './find-text-tokens';
export { inspectPdf, inspectPdfFile } from './inspect-pdf';
export { InvalidPdfError, PdfOverloadedError, type InvalidPdfReason } from './pdf-errors';
export { DEFAULT_PDF_LIMITS, type PdfLimits } from './pdf-limits';
export { closePdfWorkers } from './pdf-pool';
export { DEFAULT_SLOT_OPTIONS, IDLE_MS as PDF_WORKER_IDLE_MS } from './pool-options';
export { pdfWorkersLoop, startPdfWorkers, type PdfWorkerConfig } from './start-pdf-workers';
export type { PdfInspection, TokenPosition } from './types';
