import type { PdfTaskFailure } from './pdf-tasks';

export type InvalidPdfReason = 'not_pdf' | 'corrupt' | 'encrypted' | 'too_many_pages' | 'too_complex' | 'active_content' | 'too_many_signatures';

/** The document itself is unacceptable; `message` is written for the person who sent it. */
export class InvalidPdfError extends Error {
  constructor(readonly reason: InvalidPdfReason, message: string) {
    super(message);
    this.name = 'InvalidPdfError';
  }
}

/**
 * Not a verdict on the document: this process had no capacity for it (the wait queue is full, the wait
 * for a worker was too long, or the host was too busy to finish within the wall-clock backstop). The
 * same call is expected to succeed later.
 */
export class PdfOverloadedError extends Error {
  /** Marks a capacity error for any error middleware (libs/http answers 503 OVERLOADED with Retry-After). */
  readonly overloaded = true;

  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message);
    this.name = 'PdfOverloadedError';
  }
}

export const notPdf = () => new InvalidPdfError('not_pdf', 'The file is not a PDF');
export const corruptPdf = () => new InvalidPdfError('corrupt', 'The PDF is damaged and cannot be read');
export const encryptedPdf = () => new InvalidPdfError('encrypted', 'The PDF is encrypted or password-protected');
export const tooComplexPdf = () =>
  new InvalidPdfError('too_complex', 'The PDF could not be processed within the limits (too large or too complex)');
export const tooManyPages = (pageCount: number, maxPages: number) =>
  new InvalidPdfError('too_many_pages', `The PDF has ${pageCount} pages; at most ${maxPages} are accepted`);
export const activeContent = (action: string) =>
  new InvalidPdfError('active_content', `The PDF contains active content (${action}), which is not accepted: remove it and send the file again`);
export const tooManySignatures = (count: number, limit: number) =>
  new InvalidPdfError('too_many_signatures', `The PDF has ${count} signature dictionaries; at most ${limit} are examined`);

export function toInvalidPdfError(failure: PdfTaskFailure, maxPages: number): InvalidPdfError {
  switch (failure.reason) {
    case 'corrupt':
      return corruptPdf();
    case 'encrypted':
      return encryptedPdf();
    case 'too_complex':
      return tooComplexPdf();
    case 'too_many_pages':
      return tooManyPages(failure.pageCount, maxPages);
    case 'active_content':
      return activeContent(failure.action);
    case 'too_many_signatures':
      return tooManySignatures(failure.count, failure.limit);
  }
}
