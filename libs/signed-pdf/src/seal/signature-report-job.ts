import { ParseSpeeds, PDFDocument } from 'pdf-lib';
import type { PdfTaskFailure, PdfWorkerModule } from '@signet/pdf';
import { inspectPdfSignatures, type SignatureReport } from './inspect-signatures';

export interface SignatureReportInput {
  /** DER certificates the signers' chains are judged against. */
  anchors: Uint8Array[];
  /** More /ByteRange entries than this and the file is refused before any of them is examined. */
  maxSignatures: number;
}

function verdict(failure: PdfTaskFailure): Error {
  return Object.assign(new Error(failure.reason), { pdfFailure: failure });
}

function occurrences(file: Buffer, text: string): number {
  let count = 0;
  for (let at = file.indexOf(text); at >= 0; at = file.indexOf(text, at + text.length)) count++;
  return count;
}

/**
 * The page budget of every untrusted PDF. A file that does not parse is still reported on: a tampered
 * signed file must be checkable, and its signatures are read from the raw bytes.
 */
async function pageCount(document: Uint8Array): Promise<number | null> {
  try {
    const parsed = await PDFDocument.load(document, { ignoreEncryption: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
    return parsed.getPageCount();
  } catch {
    return null;
  }
}

/**
 * Runs in a PDF worker (libs/pdf, a `module` job), under the CPU, memory and page budgets of uploads:
 * the count of signatures is checked first, with one scan of the bytes, so a file of thousands costs
 * next to nothing before it is refused.
 */
export const runInPdfWorker: PdfWorkerModule<SignatureReportInput, SignatureReport[]>['runInPdfWorker'] = async (document, input, maxPages) => {
  const file = Buffer.from(document.buffer, document.byteOffset, document.byteLength);
  const count = occurrences(file, '/ByteRange');
  if (count > input.maxSignatures) throw verdict({ reason: 'too_many_signatures', count, limit: input.maxSignatures });
  const pages = await pageCount(document);
  if (pages !== null && pages > maxPages) throw verdict({ reason: 'too_many_pages', pageCount: pages });
  return inspectPdfSignatures(document, input.anchors.map((der) => Buffer.from(der)));
};
