export { findTextTokens } from './find-text-tokens';
export { inspectPdf, inspectPdfFile } from './inspect-pdf';
export { InvalidPdfError, type InvalidPdfReason } from './pdf-errors';
export { DEFAULT_PDF_LIMITS, type PdfLimits } from './pdf-limits';
export type { PdfInspection, TokenPosition } from './types';
export { closePdfWorkers } from './worker-pool';
