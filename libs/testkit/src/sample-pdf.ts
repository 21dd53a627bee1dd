import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface SamplePdfOptions {
  pages?: number;
  /** Text drawn on the first page at (72, 72) from its top-left, e.g. a placement token. */
  text?: string;
}

/** A small valid PDF (US Letter pages) for tests and benchmarks. */
export async function samplePdf(options: SamplePdfOptions = {}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < (options.pages ?? 1); index += 1) {
    const page = pdf.addPage([612, 792]);
    page.drawText(index === 0 && options.text ? options.text : `Page ${index + 1}`, { x: 72, y: 792 - 72, size: 12, font });
  }
  return Buffer.from(await pdf.save());
}
