import path from 'node:path';
import { runPdfTask } from '@signet/pdf';
import type { SignatureReport } from './inspect-signatures';
import type { SignatureReportInput } from './signature-report-job';

/** Loaded by the PDF worker itself (through tsx), never imported into the calling thread. */
const JOB_FILE = path.join(__dirname, 'signature-report-job.ts');

/**
 * More than any real document carries (a seal, a few signers, their timestamps and archive timestamps);
 * each signature examined may cost a parse of its revision, so the count bounds the work.
 */
export const MAX_REPORTED_SIGNATURES = 50;

/**
 * inspectPdfSignatures of an untrusted PDF, in a PDF worker: the same slots (PdfOverloadedError when
 * full) and the same CPU, memory and page budgets (InvalidPdfError over them) as any uploaded file, and
 * InvalidPdfError `too_many_signatures` beyond MAX_REPORTED_SIGNATURES.
 */
export async function reportPdfSignatures(bytes: Uint8Array, anchors: Buffer[]): Promise<SignatureReport[]> {
  const input: SignatureReportInput = { anchors: anchors.map((der) => new Uint8Array(der)), maxSignatures: MAX_REPORTED_SIGNATURES };
  return (await runPdfTask('module', { bytes }, { file: JOB_FILE, input })) as SignatureReport[];
}
