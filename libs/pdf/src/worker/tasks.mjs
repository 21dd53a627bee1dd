import { createRequire } from 'node:module';
import { findTokens } from './find-tokens.mjs';
import { inspect } from './inspect.mjs';

const require = createRequire(import.meta.url);
let compilesTypeScript = false;

/**
 * A `module` task's code (TypeScript), loaded on its first task through tsx, which this thread then
 * compiles .ts files with: workers that never run such a task never load tsx. Registered for the thread
 * rather than through tsx's namespaced require, which would load a second pdf-lib beside the worker's
 * own, whose objects the first's checks do not recognise. The worker loads it before the task's clock
 * starts (loadTaskCode): loading code is this worker's one-off cost, not the document's.
 */
function taskModule(file) {
  if (!compilesTypeScript) {
    require('tsx/cjs/api').register();
    compilesTypeScript = true;
  }
  return require(file);
}

/** Loads what a task needs before its clock starts; a throw here is a fault of the service, never a verdict. */
export function loadTaskCode({ name, args }) {
  if (name === 'module') taskModule(args.file);
}

/**
 * The tasks this worker runs, by name; mirrors PdfTasks in src/pdf-tasks.ts. Each gets the document's
 * bytes, its arguments and the worker's context ({ pdfjs, maxPages }), and throws a PdfFailure for a
 * verdict on the document.
 */
export const TASKS = {
  inspect: (document, _args, { maxPages }) => inspect(document, maxPages),
  findTokens: (document, { tokens }, { pdfjs, maxPages }) => findTokens(pdfjs, document, tokens, maxPages),
  module: (document, { file, input }, { maxPages }) => taskModule(file).runInPdfWorker(document, input, maxPages)
};
