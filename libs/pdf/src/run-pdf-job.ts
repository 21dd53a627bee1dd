import { fileHasPdfHeader, hasPdfHeader } from './pdf-header';
import { notPdf } from './pdf-errors';
import { resolvePdfLimits, type PdfLimits } from './pdf-limits';
import { runInPooledWorker } from './worker-pool';
import { inWorkerSlot } from './worker-slots';
import type { PdfJob, PdfJobResults, PdfSource } from './worker-protocol';

/** The deadline starts when the job gets its worker, not while it waits for a slot. */
export async function runPdfJob<J extends PdfJob>(
  job: J,
  source: PdfSource,
  limits?: Partial<PdfLimits>
): Promise<PdfJobResults[J['kind']]> {
  const resolved = resolvePdfLimits(limits);
  const headerFound = 'bytes' in source ? hasPdfHeader(source.bytes) : await fileHasPdfHeader(source.path);
  if (!headerFound) throw notPdf();
  const { result } = await inWorkerSlot(() => runInPooledWorker(job, source, resolved));
  return result;
}
