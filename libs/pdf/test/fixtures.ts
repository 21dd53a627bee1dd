import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createDeflate } from 'node:zlib';
import { degrees, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';

export const LETTER: [number, number] = [612, 792];
export const SIGN_HERE = {
  text: 'Sign here: {{signer_1}}',
  prefix: 'Sign here: ',
  token: '{{signer_1}}',
  x: 72,
  y: 700,
  size: 12
};

/** Three letter pages; page 1 says "Sign here: {{signer_1}}" in Helvetica at SIGN_HERE's position. */
export async function signHerePdf(options: { useObjectStreams?: boolean } = {}): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let page = 0; page < 3; page++) document.addPage(LETTER);
  const { text, x, y, size } = SIGN_HERE;
  document.getPage(0).drawText(text, { x, y, size, font });
  return document.save(options);
}

export async function blankPdf(pageCount: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (let page = 0; page < pageCount; page++) document.addPage(LETTER);
  return document.save();
}

/** A page whose only content stream is `deflated`. */
export async function contentStreamBomb(deflated: Uint8Array): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage(LETTER);
  const contents = document.context.stream(deflated, { Filter: 'FlateDecode' });
  page.node.set(PDFName.of('Contents'), document.context.register(contents));
  return document.save();
}

/** A PDF with `deflated` as an object stream, which pdf-lib decodes whole while loading. */
export function objectStreamBomb(deflated: Uint8Array): Uint8Array {
  const text = (value: string) => Buffer.from(value, 'latin1');
  return Buffer.concat([
    text('%PDF-1.7\n'),
    text('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n'),
    text('2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n'),
    text('3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n'),
    text(`4 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${deflated.length} >>\nstream\n`),
    deflated,
    text('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R /Size 6 >>\n%%EOF\n')
  ]);
}

/**
 * `inflatedBytes` of zeros deflated (about 1000:1), streamed through zlib a megabyte at a time so the
 * test process never holds the inflated size.
 */
export function deflatedZeros(inflatedBytes: number): Promise<Buffer> {
  const megabyte = Buffer.alloc(1024 * 1024);
  function* chunks() {
    for (let written = 0; written < inflatedBytes; written += megabyte.length) yield megabyte;
  }
  return buffer(Readable.from(chunks()).pipe(createDeflate()));
}

export async function croppedRotatedPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage(LETTER);
  // Reaches past the MediaBox on the right, where it is clipped to 212 x 600.
  page.setCropBox(400, 50, 300, 600);
  page.setRotation(degrees(90));
  return document.save();
}

export interface ExpectedBox {
  page: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Tokens the way producers scatter them, with where each must be found (top-left, as displayed):
 * page 0 splits "{{signer_2}}" across a change of font, page 1 repeats "{{signer_3}}" on one line
 * in Times, page 2 is turned by /Rotate 90 so its text runs downwards.
 */
export async function scatteredTokensPdf(): Promise<{ bytes: Uint8Array; expected: Record<string, ExpectedBox[]> }> {
  const document = await PDFDocument.create();
  const helvetica = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const times = await document.embedFont(StandardFonts.TimesRoman);
  const size = 12;
  const [, pageHeight] = LETTER;

  const split = document.addPage(LETTER);
  const splitLeft = 72 + helvetica.widthOfTextAtSize('Initials: ', size);
  split.drawText('Initials: {{sig', { x: 72, y: 500, size, font: helvetica });
  const boldLeft = 72 + helvetica.widthOfTextAtSize('Initials: {{sig', size);
  split.drawText('ner_2}} thanks', { x: boldLeft, y: 500, size, font: bold });
  const splitWidth = boldLeft + bold.widthOfTextAtSize('ner_2}}', size) - splitLeft;

  const repeated = document.addPage(LETTER);
  const line = 'Buyer {{signer_3}} and again {{signer_3}}';
  repeated.drawText(line, { x: 100, y: 300, size, font: times });
  const tokenWidth = times.widthOfTextAtSize('{{signer_3}}', size);
  const firstLeft = 100 + times.widthOfTextAtSize('Buyer ', size);
  const secondLeft = 100 + times.widthOfTextAtSize('Buyer {{signer_3}} and again ', size);

  const rotated = document.addPage(LETTER);
  rotated.setRotation(degrees(90));
  rotated.drawText('Seller {{signer_4}}', { x: 100, y: 700, size, font: helvetica });

  return {
    bytes: await document.save(),
    expected: {
      '{{signer_2}}': [{ page: 0, left: splitLeft, top: pageHeight - 500 - size, width: splitWidth, height: size }],
      '{{signer_3}}': [firstLeft, secondLeft].map((left) => ({
        page: 1,
        left,
        top: pageHeight - 300 - size,
        width: tokenWidth,
        height: size
      })),
      // Turned clockwise, user-space x runs down the displayed page and user-space y runs right.
      '{{signer_4}}': [{
        page: 2,
        left: 700,
        top: 100 + helvetica.widthOfTextAtSize('Seller ', size),
        width: size,
        height: helvetica.widthOfTextAtSize('{{signer_4}}', size)
      }]
    }
  };
}
