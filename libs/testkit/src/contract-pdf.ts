import { PDFDocument, StandardFonts } from 'pdf-lib';

const CLAUSE = 'The parties agree that the services described in this agreement will be delivered with due care, '
  + 'that fees are due within thirty days of each invoice, and that either party may end the agreement with '
  + 'sixty days of written notice. Confidential information stays confidential for five years after the end.';

/**
 * A contract as signers see them: Letter pages of 11-point clauses (text that must stay readable on a
 * phone), `token` written at the foot of the first page where the signature goes.
 */
export async function contractPdf(options: { pages?: number; token?: string } = {}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (let index = 0; index < (options.pages ?? 1); index += 1) {
    const page = pdf.addPage([612, 792]);
    page.drawText(index === 0 ? 'Services Agreement' : `Services Agreement, page ${index + 1}`, { x: 72, y: 720, size: 16, font: bold });
    let y = 690;
    for (let clause = 1; clause <= 4; clause += 1) {
      page.drawText(`${index * 4 + clause}. ${CLAUSE}`, { x: 72, y, size: 11, font, maxWidth: 468, lineHeight: 15 });
      y -= 90;
    }
    if (index === 0 && options.token) page.drawText(`Signature: ${options.token}`, { x: 72, y: 200, size: 11, font });
  }
  return Buffer.from(await pdf.save());
}
