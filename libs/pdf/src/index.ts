export { findTextTokens } from './find-text-tokens';
export { inspectPdf, inspectPdfFile } from './inspect-pdf';
export { InvalidPdfError, PdfOverloadedError, type InvalidPdfReason } from './pdf-errors';
export { DEFAULT_PDF_LIMITS, type PdfLimits } from './pdf-limits';
export { pdfWorkersLoop, startPdfWorkers, type PdfWorkerConfig } from './start-pdf-workers';
export type { PdfInspection, TokenPosition } from './types';
export { closePdfWorkers, IDLE_MS as PDF_WORKER_IDLE_MS } from './worker-pool';
export { DEFAULT_SLOT_OPTIONS } from './worker-slots';
