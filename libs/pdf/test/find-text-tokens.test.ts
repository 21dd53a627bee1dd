import { PDFDocument, StandardFonts } from 'pdf-lib';
import { closePdfWorkers, findTextTokens, InvalidPdfError, type TokenPosition } from '../src';
import { encryptedPdf } from '@signet/testkit';
import { type ExpectedBox, LETTER, scatteredTokensPdf, SIGN_HERE, signHerePdf } from './fixtures';

function expectNear(actual: TokenPosition[] | undefined, expected: ExpectedBox[]) {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((box, index) => {
    const found = actual![index]!;
    expect(found.page).toBe(box.page);
    for (const key of ['left', 'top', 'width', 'height'] as const) {
      expect(Math.abs(found[key] - box[key])).toBeLessThanOrEqual(2);
    }
  });
}

describe('findTextTokens', () => {
  afterAll(closePdfWorkers);

  it('finds a token inside a line of text, from the top-left of its page', async () => {
    const font = await PDFDocument.create().then((document) => document.embedFont(StandardFonts.Helvetica));
    const { prefix, token, x, y, size } = SIGN_HERE;
    const found = await findTextTokens(await signHerePdf(), [token, '{{signer_9}}']);
    expectNear(found[token], [{
      page: 0,
      left: x + font.widthOfTextAtSize(prefix, size),
      top: LETTER[1] - y - size,
      width: font.widthOfTextAtSize(token, size),
      height: size
    }]);
    expect(found['{{signer_9}}']).toEqual([]);
  });

  it('finds tokens split across text items, repeated on a line, and on rotated pages', async () => {
    const { bytes, expected } = await scatteredTokensPdf();
    const found = await findTextTokens(bytes, Object.keys(expected));
    for (const [token, boxes] of Object.entries(expected)) expectNear(found[token], boxes);
  });

  it('keeps a line together across a whitespace-only text item (pdf.js gives it no height)', async () => {
    const document = await PDFDocument.create();
    const helvetica = await document.embedFont(StandardFonts.Helvetica);
    const courier = await document.embedFont(StandardFonts.Courier);
    const page = document.addPage(LETTER);
    page.drawText('Witness', { x: 72, y: 500, size: 12, font: helvetica });
    const space = 72 + helvetica.widthOfTextAtSize('Witness', 12);
    page.drawText(' ', { x: space, y: 500, size: 12, font: courier });
    page.drawText('Lucy', { x: space + courier.widthOfTextAtSize(' ', 12), y: 500, size: 12, font: helvetica });
    const found = await findTextTokens(await document.save(), ['Witness Lucy']);
    expect(found['Witness Lucy']).toEqual([expect.objectContaining({ page: 0 })]);
  });

  it('validates the PDF as inspectPdf does', async () => {
    await expect(findTextTokens(await encryptedPdf(), ['{{signer_1}}'])).rejects.toMatchObject({ reason: 'encrypted' });
    await expect(findTextTokens(Buffer.from('hello'), ['x'])).rejects.toBeInstanceOf(InvalidPdfError);
  });

  it('refuses empty tokens, which would match everywhere', async () => {
    await expect(findTextTokens(await signHerePdf(), [''])).rejects.toThrow(TypeError);
  });
});
