import { findTokens } from './find-tokens.mjs';
import { inspect } from './inspect.mjs';

/**
 * The tasks this worker runs, by name; mirrors PdfTasks in src/pdf-tasks.ts. Each gets the document's
 * bytes, its arguments and the worker's context ({ pdfjs, maxPages }), and throws a PdfFailure for a
 * verdict on the document.
 */
export const TASKS = {
  inspect: (document, _args, { maxPages }) => inspect(document, maxPages),
  findTokens: (document, { tokens }, { pdfjs, maxPages }) => findTokens(pdfjs, document, tokens, maxPages)
};
