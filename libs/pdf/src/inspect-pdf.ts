import type { PdfLimits } from './pdf-limits';
import { runPdfTask } from './run-pdf-task';
import type { PdfInspection } from './types';

/** Validates an untrusted PDF (header, structure, encryption, page count) and reports its page sizes. */
export function inspectPdf(bytes: Uint8Array, limits?: Partial<PdfLimits>): Promise<PdfInspection> {
  return runPdfTask('inspect', { bytes }, {}, limits);
}

/**
 * inspectPdf for a file on disk, which the worker reads itself: the caller never holds the content.
 * A file that cannot be read rejects with a plain Error, not an InvalidPdfError.
 */
export function inspectPdfFile(path: string, limits?: Partial<PdfLimits>): Promise<PdfInspection> {
  return runPdfTask('inspect', { path }, {}, limits);
}
