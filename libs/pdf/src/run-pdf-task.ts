import { fileHasPdfHeader, hasPdfHeader } from './pdf-header';
import { notPdf } from './pdf-errors';
import { resolvePdfLimits, type PdfLimits } from './pdf-limits';
import type { PdfSource, PdfTaskName, PdfTasks } from './pdf-tasks';
import { runInPool } from './pool-call';

/**
 * Runs the named task on an untrusted PDF within its budget (the process's limits where `limits` gives
 * none). A document without a PDF header never costs a worker.
 */
export async function runPdfTask<N extends PdfTaskName>(
  name: N,
  source: PdfSource,
  args: PdfTasks[N]['args'],
  limits?: Partial<PdfLimits>
): Promise<PdfTasks[N]['result']> {
  const resolved = resolvePdfLimits(limits);
  const headerFound = 'bytes' in source ? hasPdfHeader(source.bytes) : await fileHasPdfHeader(source.path);
  if (!headerFound) throw notPdf();
  return (await runInPool(name, source, args, resolved)).result;
}
