import path from 'node:path';
import { runPdfTask } from '@signet/pdf';
import { validationError } from '@signet/http';
import type { PdfFormInput, PdfFormResult } from './pdf-form-job';

/** Loaded by the PDF worker itself (through tsx), never imported into the calling thread. */
const JOB_FILE = path.join(__dirname, 'pdf-form-job.ts');

const run = async (bytes: Uint8Array, input: PdfFormInput) => (await runPdfTask('module', { bytes }, { file: JOB_FILE, input })) as PdfFormResult;

/** The names of the PDF's own form fields (AcroForm). */
export async function formFieldNames(bytes: Uint8Array): Promise<string[]> {
  const result = await run(bytes, { list: true });
  return 'names' in result ? result.names : [];
}

/** The PDF with its form fields filled by name and drawn into its pages; a value its field cannot hold is a 422. */
export async function fillFormFields(bytes: Uint8Array, values: Record<string, string>): Promise<Buffer> {
  const result = await run(bytes, { values });
  if ('bytes' in result) return Buffer.from(result.bytes);
  const problems = 'problems' in result ? result.problems : [];
  throw validationError(problems.map(({ name, message }) => ({ field: `fields.${name}`, message })));
}
