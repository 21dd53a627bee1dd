import { PDFCheckBox, PDFDocument, PDFDropdown, PDFOptionList, PDFRadioGroup, PDFTextField, type PDFField } from 'pdf-lib';
import type { PdfTaskFailure, PdfWorkerModule } from '@signet/pdf';

export type PdfFormInput = { list: true } | { values: Record<string, string> };

/** `list`: the form's field names. A fill: the filled and flattened PDF, or why a value does not fit its field. */
export type PdfFormResult =
  | { names: string[] }
  | { bytes: Uint8Array; problems: [] }
  | { problems: Array<{ name: string; message: string }> };

const CHECKED = new Set(['true', 'yes', 'on', '1', 'x']);

function verdict(failure: PdfTaskFailure): Error {
  return Object.assign(new Error(failure.reason), { pdfFailure: failure });
}

/** Sets one field's value the way its kind takes one; throws a message for a value the field cannot hold. */
function fill(field: PDFField, value: string): void {
  if (field instanceof PDFTextField) field.setText(value);
  else if (field instanceof PDFCheckBox) (CHECKED.has(value.toLowerCase()) ? field.check() : field.uncheck());
  else if (field instanceof PDFDropdown || field instanceof PDFOptionList || field instanceof PDFRadioGroup) {
    const options = field.getOptions();
    if (!options.includes(value)) throw new Error(`must be one of ${options.join(', ')}`);
    field.select(value);
  } else throw new Error('is a kind of form field Signet does not fill');
}

/** A form pdf-lib cannot read (a broken AcroForm dictionary) has no fields to fill: the document itself stays usable. */
function formFieldNamesOf(pdf: PDFDocument): string[] {
  try {
    return pdf.getForm().getFields().map((field) => field.getName());
  } catch {
    return [];
  }
}

/**
 * Runs in a PDF worker (libs/pdf, a `module` task) under the budgets of every untrusted PDF. The values
 * are drawn into the pages (the form flattened): every viewer and text extractor shows them, and after
 * signing no one can change them.
 */
export const runInPdfWorker: PdfWorkerModule<PdfFormInput, PdfFormResult>['runInPdfWorker'] = async (document, input, maxPages) => {
  const pdf = await PDFDocument.load(document, { updateMetadata: false });
  if (pdf.getPageCount() > maxPages) throw verdict({ reason: 'too_many_pages', pageCount: pdf.getPageCount() });
  if ('list' in input) return { names: formFieldNamesOf(pdf) };
  const form = pdf.getForm();
  const problems: Array<{ name: string; message: string }> = [];
  for (const [name, value] of Object.entries(input.values)) {
    try {
      fill(form.getField(name), value);
    } catch (error) {
      problems.push({ name, message: (error as Error).message });
    }
  }
  if (problems.length > 0) return { problems };
  try {
    form.flatten({ updateFieldAppearances: true });
  } catch (error) {
    return { problems: Object.keys(input.values).map((name) => ({ name, message: `cannot be drawn with the form's font: ${(error as Error).message}` })) };
  }
  return { bytes: await pdf.save(), problems: [] };
};
