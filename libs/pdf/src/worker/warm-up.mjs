import { PDFDocument, StandardFonts } from 'pdf-lib';
import { findTokens } from './find-tokens.mjs';
import { inspect } from './inspect.mjs';

/**
 * Runs both jobs once on a small PDF of its own before the worker says it is ready: the first job of a
 * fresh worker otherwise pays for compiling the parsers' code and loading the standard fonts (several
 * times what a small file costs afterwards), which is the worker's start, not the document's work.
 */
export async function warmUp(pdfjs) {
  const document = await PDFDocument.create();
  const page = document.addPage([612, 792]);
  page.drawText('Signet warm-up', { x: 72, y: 720, size: 12, font: await document.embedFont(StandardFonts.Helvetica) });
  const bytes = await document.save();
  await inspect(bytes.slice(), 1);
  await findTokens(pdfjs, bytes.slice(), ['warm-up'], 1);
}
