import { closePdfWorkers, findTextTokens, type TokenPosition } from '@signet/pdf';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { SIGNATURE_BOX, stampSignedPdf, type StampSignedPdfInput } from '../src';
import { CROP, DOCUMENT_ID, drawnBy, pageWithoutMediaBox, rotatedPdf, twoPagePdf, writtenBy } from './fixtures';
import { pageContent } from './page-content';
import { pdftotext, signaturePng } from '@signet/testkit';

const INTRO = 'The following people signed this document electronically.';

function expectWithin(actual: number, expected: number, tolerance = 1) {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(tolerance);
}

/** The box pdf.js found a token in lies inside the displayed rectangle (left, top, width, height). */
function expectInside(found: TokenPosition, box: { left: number; top: number; width: number; height: number }) {
  expect(found.left).toBeGreaterThanOrEqual(box.left - 1);
  expect(found.top).toBeGreaterThanOrEqual(box.top - 1);
  expect(found.left + found.width).toBeLessThanOrEqual(box.left + box.width + 1);
  expect(found.top + found.height).toBeLessThanOrEqual(box.top + box.height + 1);
}

describe('stampSignedPdf', () => {
  afterAll(closePdfWorkers);

  let original: Uint8Array;
  let stamped: Uint8Array;
  let signed: PDFDocument;
  const input = (): StampSignedPdfInput => ({
    pdf: original,
    documentId: DOCUMENT_ID,
    documentIdLabel: 'Signet Sign ID:',
    placements: [
      { type: 'SIGNATURE', page: 1, left: 100, top: 200, recipient: drawnBy('Ana Núñez', 'ana@example.com') },
      { type: 'WITNESS', page: 0, left: 300, top: 400, recipient: writtenBy('Łucja Kowalska', 'lucja@example.com') }
    ],
    extraPages: {
      recipients: [drawnBy('Bruno Díaz', 'bruno@example.com'), writtenBy('Carla Pérez', 'carla@example.com')],
      intro: INTRO,
      signaturesPerPage: 6,
      signaturesPerRow: 2
    }
  });

  beforeAll(async () => {
    original = await twoPagePdf();
    stamped = await stampSignedPdf(input());
    signed = await PDFDocument.load(stamped);
  });

  it('draws a drawn signature at its placement, from the top-left of the page as displayed', () => {
    // Page 1 shows only its CropBox, so the placement is measured from the CropBox's top-left corner.
    const { images } = pageContent(signed, 1);
    expect(images).toHaveLength(1);
    const [image] = images;
    expectWithin(image!.x, CROP.x + 100);
    expectWithin(image!.y + image!.height, CROP.y + CROP.height - 200);
    expectWithin(image!.width, SIGNATURE_BOX.width);
    expectWithin(image!.height, SIGNATURE_BOX.height);
    expect(pageContent(signed, 0).images).toHaveLength(0);
  });

  it('captions each placement with its type, the name and the time, under the signature', async () => {
    const found = await findTextTokens(stamped, ['Signature · Ana Núñez', 'Witness ·', 'Signed 2025-03-04 10:20:30 UTC']);
    const [signature] = found['Signature · Ana Núñez']!;
    expect(signature).toMatchObject({ page: 1 });
    expectWithin(signature!.left, 100);
    expect(signature!.top).toBeGreaterThanOrEqual(200 + SIGNATURE_BOX.height);
    expect(found['Witness ·']).toEqual([expect.objectContaining({ page: 0, left: 300 })]);
    expect(found['Signed 2025-03-04 10:20:30 UTC']!.map((token) => token.page)).toEqual(expect.arrayContaining([0, 1]));
    // "Ł" is drawn from another file of the family than the rest of the caption.
    const caption = pageContent(signed, 0).texts.filter((text) => text.baseFont.includes('NotoSans')).map((text) => text.text);
    expect(caption.join('')).toContain('Witness · Łucja Kowalska');
  });

  it('writes a WRITTEN signature as text in the handwriting font, inside its box', async () => {
    const handwritten = pageContent(signed, 0).texts.filter((text) => text.baseFont.includes('DancingScript'));
    // "Ł" comes from the latin-ext file of the family, the rest from the latin one.
    expect(handwritten.map((text) => text.text).join('')).toBe('Łucja Kowalska');
    const [found] = (await findTextTokens(stamped, ['Łucja Kowalska']))['Łucja Kowalska']!.filter(
      (token) => token.top < 400 + SIGNATURE_BOX.height
    );
    expect(found).toMatchObject({ page: 0 });
    expectInside(found!, { left: 300, top: 400, ...SIGNATURE_BOX });
  });

  it('writes "<custom_page_id> <document id>" on every page, appended ones included', async () => {
    expect(signed.getPageCount()).toBe(3);
    const found = (await findTextTokens(stamped, [`Signet Sign ID: ${DOCUMENT_ID}`]))[`Signet Sign ID: ${DOCUMENT_ID}`]!;
    expect(found.map((token) => token.page)).toEqual([0, 1, 2]);
    for (const token of found) expect(token.top).toBeLessThan(20);
  });

  it('appends a signature page for recipients without placements, with the intro text', async () => {
    const last = signed.getPageCount() - 1;
    const found = await findTextTokens(stamped, [INTRO, 'Bruno Díaz', 'bruno@example.com', 'carla@example.com']);
    for (const token of [INTRO, 'Bruno Díaz', 'bruno@example.com', 'carla@example.com']) {
      expect(found[token]!.map((position) => position.page)).toEqual([last]);
    }
    expect(pageContent(signed, last).images).toHaveLength(1);
    expect(pageContent(signed, last).texts.some((text) => text.baseFont.includes('DancingScript') && text.text === 'Carla Pérez')).toBe(true);
    // The appended page has the size of the last page as displayed: page 1's CropBox.
    expect(signed.getPage(last).getSize()).toEqual({ width: CROP.width, height: CROP.height });
  });

  it('keeps signatures upright where they belong on a page with /Rotate 90', async () => {
    const bytes = await stampSignedPdf({
      pdf: await rotatedPdf(),
      documentId: DOCUMENT_ID,
      placements: [
        { type: 'SIGNATURE', page: 0, left: 100, top: 200, recipient: drawnBy('Ana Núñez', 'ana@example.com') },
        { type: 'APPROVAL', page: 0, left: 400, top: 300, recipient: writtenBy('Dmitri Petrov', 'dmitri@example.com') }
      ]
    });
    // Displayed landscape: a quarter turn clockwise maps displayed (left, top) to user space (top, left).
    const [image] = pageContent(await PDFDocument.load(bytes), 0).images;
    expectWithin(image!.x, 200);
    expectWithin(image!.y, 100);
    expectWithin(image!.width, SIGNATURE_BOX.height);
    expectWithin(image!.height, SIGNATURE_BOX.width);
    const found = await findTextTokens(bytes, ['Dmitri Petrov', 'Approval · Dmitri Petrov']);
    const written = found['Dmitri Petrov']!.find((token) => token.top < 300 + SIGNATURE_BOX.height);
    expectInside(written!, { left: 400, top: 300, ...SIGNATURE_BOX });
    expectWithin(found['Approval · Dmitri Petrov']![0]!.left, 400);
  });

  it('writes the captions in the envelope language', async () => {
    const bytes = await stampSignedPdf({ ...input(), language: 'ES' });
    const found = await findTextTokens(bytes, ['Firma · Ana Núñez', 'Testigo ·', 'Firmado 2025-03-04 10:20:30 UTC']);
    expect(Object.values(found).every((tokens) => tokens.length > 0)).toBe(true);
  });

  it('puts as many signatures on an extra page as asked, and continues on the next', async () => {
    const recipients = ['Ana', 'Bruno', 'Carla'].map((name) => drawnBy(name, `${name.toLowerCase()}@example.com`));
    const bytes = await stampSignedPdf({
      pdf: original,
      documentId: DOCUMENT_ID,
      placements: [],
      extraPages: { recipients, signaturesPerPage: 2, signaturesPerRow: 1 }
    });
    const found = await findTextTokens(bytes, ['ana@example.com', 'bruno@example.com', 'carla@example.com']);
    expect(Object.values(found).map((tokens) => tokens.map((token) => token.page))).toEqual([[2], [2], [3]]);
  });

  it('measures a page without a MediaBox as Letter, as viewers show it', async () => {
    const bytes = await stampSignedPdf({
      pdf: await pageWithoutMediaBox(),
      documentId: DOCUMENT_ID,
      placements: [{ type: 'SIGNATURE', page: 0, left: 100, top: 200, recipient: drawnBy('Ana', 'ana@example.com') }]
    });
    const [image] = pageContent(await PDFDocument.load(bytes), 0).images;
    expectWithin(image!.x, 100);
    expectWithin(image!.y + image!.height, 792 - 200);
  });

  it('refuses a placement on a page the document does not have, and images that are not PNG or JPG', async () => {
    const base = { pdf: original, documentId: DOCUMENT_ID };
    await expect(
      stampSignedPdf({ ...base, placements: [{ type: 'SIGNATURE', page: 2, left: 0, top: 0, recipient: drawnBy('Ana', 'a@example.com') }] })
    ).rejects.toThrow(RangeError);
    const gif = { ...drawnBy('Ana', 'a@example.com'), signature: { type: 'UPLOADED' as const, image: Buffer.from('GIF89a') } };
    await expect(stampSignedPdf({ ...base, placements: [{ type: 'SIGNATURE', page: 0, left: 0, top: 0, recipient: gif }] })).rejects.toThrow(
      'PNG or a JPG'
    );
    await expect(
      stampSignedPdf({ ...base, placements: [], extraPages: { recipients: [], signaturesPerPage: 0, signaturesPerRow: 1 } })
    ).rejects.toThrow(RangeError);
  });

  it('embeds an image used by several placements once', async () => {
    const recipient = { ...drawnBy('Ana', 'ana@example.com'), signature: { type: 'DRAWN' as const, image: signaturePng(90, 30) } };
    const bytes = await stampSignedPdf({
      pdf: original,
      documentId: DOCUMENT_ID,
      placements: [0, 1].map((page) => ({ type: 'SIGNATURE' as const, page, left: 50, top: 50, recipient }))
    });
    const document = await PDFDocument.load(bytes);
    const imageRefs = document.getPages().flatMap((page) => {
      const xObjects = page.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
      return xObjects.values().map(String);
    });
    expect(imageRefs).toHaveLength(2);
    expect(new Set(imageRefs).size).toBe(1);
  });

  it('paints a token placement\'s token white under the stamp, and nothing for a placement by coordinates', async () => {
    const [token] = (await findTextTokens(original, ['Service agreement']))['Service agreement']!;
    const bytes = await stampSignedPdf({
      pdf: original,
      documentId: DOCUMENT_ID,
      placements: [
        { type: 'SIGNATURE', page: 0, left: token!.left, top: token!.top, recipient: drawnBy('Ana', 'ana@example.com'), cover: { width: token!.width, height: token!.height } },
        { type: 'SIGNATURE', page: 1, left: 100, top: 100, recipient: drawnBy('Ben', 'ben@example.com') }
      ]
    });
    const document = await PDFDocument.load(bytes);
    const [cover, ...others] = pageContent(document, 0).fills;
    expect(others).toEqual([]);
    expect(cover!.rgb).toEqual([1, 1, 1]);
    // Page 1 is 792 points high and uncropped: the token's displayed box in pdf-lib's coordinates, inside the white one.
    expect(cover!.x).toBeLessThanOrEqual(token!.left);
    expect(cover!.x + cover!.width).toBeGreaterThanOrEqual(token!.left + token!.width);
    expect(cover!.y).toBeLessThanOrEqual(792 - token!.top - token!.height);
    expect(cover!.y + cover!.height).toBeGreaterThanOrEqual(792 - token!.top);
    expect(pageContent(document, 1).fills).toEqual([]);
  });
});

describe('names in every script', () => {
  afterAll(closePdfWorkers);

  const EVERY_SCRIPT = 'Łukasz Żółć 王伟 김민준 さくら Ελένη Дмитрий';

  it('are text pdftotext reads back exactly, in a WRITTEN signature, an extra page and a caption', async () => {
    const stamped = await stampSignedPdf({
      pdf: await twoPagePdf(),
      documentId: DOCUMENT_ID,
      placements: [{ type: 'SIGNATURE', page: 0, left: 72, top: 300, recipient: writtenBy(EVERY_SCRIPT, 'lukasz@example.com') }],
      extraPages: { recipients: [drawnBy(EVERY_SCRIPT, 'kim@example.com')], intro: INTRO, signaturesPerPage: 6, signaturesPerRow: 2 }
    });
    const lines = pdftotext(stamped).split('\n').map((line) => line.trim());
    // The handwritten signature on page 1 and the name on the extra page.
    expect(lines.filter((line) => line === EVERY_SCRIPT)).toHaveLength(2);
    // The caption wraps below the box rather than being shortened.
    expect(lines.join(' ')).toContain('Signature · Łukasz Żółć 王伟 김민준 さくら Ελένη Дмитрий');
    expect(lines.join(' ')).not.toContain('…');
  });
});
