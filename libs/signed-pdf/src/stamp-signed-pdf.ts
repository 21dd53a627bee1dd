import { PDFDocument } from 'pdf-lib';
import { drawDocumentIdLabel } from './document-id-label';
import { appendExtraSignaturePages } from './extra-signature-pages';
import { pageFrame } from './page-frame';
import { stampPlacement } from './placement-stamp';
import { stampValue } from './value-stamp';
import { subsettingFontkit } from './fonts/subsetting-fontkit';
import { embedBackground } from './signature-background';
import { stampContext } from './stamp-context';
import type { StampSignedPdfInput } from './types';

/**
 * The signed document: every placement's signature at its position, every field's value at its place
 * (as text), extra signature pages at the end
 * for recipients without placements, then the Document ID label on every page, appended ones included.
 * `style` FULL frames each signature box and adds the email to its caption; `background` is drawn faintly
 * behind every signature. The result is a new file (pdf-lib rewrites it); seal it with sealPdf as the last step.
 */
export async function stampSignedPdf(input: StampSignedPdfInput): Promise<Uint8Array> {
  const document = await PDFDocument.load(input.pdf);
  await stampDocument(document, input);
  return document.save();
}

/** Draws `input`'s marks into a loaded document (for `signRevision`, which appends them as an incremental update). */
export async function stampDocument(document: PDFDocument, input: Omit<StampSignedPdfInput, 'pdf'>): Promise<void> {
  document.registerFontkit(subsettingFontkit);
  const context = stampContext(document, input.language ?? 'EN', {
    style: input.style ?? 'SIMPLE',
    background: await embedBackground(document, input.background)
  });
  const pageCount = document.getPageCount();

  for (const placement of input.placements) {
    if (!Number.isInteger(placement.page) || placement.page < 0 || placement.page >= pageCount) {
      throw new RangeError(`A placement is on page ${placement.page}, but the document has pages 0 to ${pageCount - 1}`);
    }
    await stampPlacement(pageFrame(document.getPage(placement.page)), placement, context);
  }
  for (const placed of input.values ?? []) {
    if (!Number.isInteger(placed.page) || placed.page < 0 || placed.page >= pageCount) {
      throw new RangeError(`A field is on page ${placed.page}, but the document has pages 0 to ${pageCount - 1}`);
    }
    await stampValue(pageFrame(document.getPage(placed.page)), placed, context);
  }
  if (input.extraPages) await appendExtraSignaturePages(document, input.extraPages, context);

  if (input.documentIdLabel !== undefined) {
    const label = await context.text(`${input.documentIdLabel} ${input.documentId}`.trim());
    for (const page of document.getPages().slice(input.labelPagesFrom ?? 0)) drawDocumentIdLabel(pageFrame(page), label);
  }
}
