/** A verdict on the document, as opposed to a fault in this code. */
export class PdfFailure extends Error {
  constructor(reason, details = {}) {
    super(reason);
    this.reason = reason;
    this.details = details;
  }
}

/**
 * Anything the parsers throw on untrusted input is the document's fault; running out of room
 * (allocation failures, stack overflows on deep nesting) means it was too large or too complex.
 */
export function failureOf(error) {
  if (error instanceof PdfFailure) return { reason: error.reason, ...error.details };
  // A module task's verdict (src/pdf-tasks.ts, PdfWorkerModule): its code cannot share this class.
  if (typeof error?.pdfFailure?.reason === 'string') return error.pdfFailure;
  if (error instanceof RangeError) return { reason: 'too_complex' };
  return { reason: 'corrupt' };
}
