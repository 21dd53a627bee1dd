export type InvalidPdfReason = 'not_pdf' | 'corrupt' | 'encrypted' | 'too_many_pages' | 'too_complex';

/** The document itself is unacceptable; `message` is written for the person who sent it. */
export class InvalidPdfError extends Error {
  constructor(readonly reason: InvalidPdfReason, message: string) {
    super(message);
    this.name = 'InvalidPdfError';
  }
}

export const notPdf = () => new InvalidPdfError('not_pdf', 'The file is not a PDF');
export const corruptPdf = () => new InvalidPdfError('corrupt', 'The PDF is damaged and cannot be read');
export const encryptedPdf = () => new InvalidPdfError('encrypted', 'The PDF is encrypted or password-protected');
export const tooComplexPdf = () =>
  new InvalidPdfError('too_complex', 'The PDF could not be processed within the limits (too large or too complex)');
export const tooManyPages = (pageCount: number, maxPages: number) =>
  new InvalidPdfError('too_many_pages', `The PDF has ${pageCount} pages; at most ${maxPages} are accepted`);
