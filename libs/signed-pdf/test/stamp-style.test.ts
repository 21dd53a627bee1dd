import { closePdfWorkers, findTextTokens } from '@signet/pdf';
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { checkSignatureBackground, SIGNATURE_BOX, stampSignedPdf, type StampSignedPdfInput } from '../src';
import { DOCUMENT_ID, drawnBy, twoPagePdf, writtenBy } from './fixtures';
import { pageContent, type StrokedPath } from './page-content';
import { signaturePng } from '@signet/testkit';

const PAGE_HEIGHT = 792;
const LEFT = 100;
const TOP = 200;

function expectWithin(actual: number, expected: number, tolerance = 1) {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(tolerance);
}

/** A stroked path that frames the placement's signature box on page 0 (not a rule, which is flat). */
const isPlacementFrame = (stroke: StrokedPath) =>
  Math.abs(stroke.x - LEFT) <= 1 &&
  Math.abs(stroke.y - (PAGE_HEIGHT - TOP - SIGNATURE_BOX.height)) <= 1 &&
  Math.abs(stroke.width - SIGNATURE_BOX.width) <= 1 &&
  Math.abs(stroke.height - SIGNATURE_BOX.height) <= 1;

/** The distinct image XObjects a page's resources hold, by reference (pdf-lib names one anew at each draw). */
function imageXObjects(document: PDFDocument, pageIndex: number): Map<string, PDFRawStream> {
  const xObjects = document.getPage(pageIndex).node.Resources()!.lookupMaybe(PDFName.of('XObject'), PDFDict);
  const images = new Map<string, PDFRawStream>();
  for (const ref of xObjects?.values() ?? []) {
    const object = document.context.lookup(ref);
    if (object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) images.set(String(ref), object);
  }
  return images;
}

/** The fill opacities (/ca) of a page's graphics states. */
function fillOpacities(document: PDFDocument, pageIndex: number): number[] {
  const states = document.getPage(pageIndex).node.Resources()!.lookupMaybe(PDFName.of('ExtGState'), PDFDict);
  return (states?.values() ?? []).flatMap((ref) => {
    const opacity = document.context.lookup(ref, PDFDict).get(PDFName.of('ca'));
    return opacity instanceof PDFNumber ? [opacity.asNumber()] : [];
  });
}

describe('stampSignedPdf: signature.style and signature.bg_image', () => {
  afterAll(closePdfWorkers);

  let original: Uint8Array;
  const input = (extra: Partial<StampSignedPdfInput> = {}): StampSignedPdfInput => ({
    pdf: original,
    documentId: DOCUMENT_ID,
    placements: [{ type: 'SIGNATURE', page: 0, left: LEFT, top: TOP, recipient: drawnBy('Ana Núñez', 'ana@example.com') }],
    extraPages: { recipients: [drawnBy('Bruno Díaz', 'bruno@example.com'), writtenBy('Carla Pérez', 'carla@example.com')], signaturesPerPage: 6, signaturesPerRow: 2 },
    ...extra
  });

  beforeAll(async () => {
    original = await twoPagePdf();
  });

  describe('SIMPLE (the default)', () => {
    let stamped: Uint8Array;
    let signed: PDFDocument;

    beforeAll(async () => {
      stamped = await stampSignedPdf(input());
      signed = await PDFDocument.load(stamped);
    });

    it('draws the signature over a rule, with no frame, as before', () => {
      const { strokes } = pageContent(signed, 0);
      expect(strokes).toHaveLength(1);
      expectWithin(strokes[0]!.width, SIGNATURE_BOX.width);
      expectWithin(strokes[0]!.height, 0);
      expect(strokes.some(isPlacementFrame)).toBe(false);
    });

    it('captions the placement with the type, the name and the time, without the email', async () => {
      const found = await findTextTokens(stamped, ['Signature · Ana Núñez', 'ana@example.com', 'Signed 2025-03-04 10:20:30 UTC']);
      expect(found['Signature · Ana Núñez']).toHaveLength(1);
      expect(found['ana@example.com']).toEqual([]);
      expect(found['Signed 2025-03-04 10:20:30 UTC']![0]!.top - found['Signature · Ana Núñez']![0]!.top).toBeGreaterThan(0);
    });

    it('is what style SIMPLE draws', async () => {
      const explicit = await PDFDocument.load(await stampSignedPdf(input({ style: 'SIMPLE' })));
      for (const page of [0, 2]) expect(pageContent(explicit, page)).toEqual(pageContent(signed, page));
    });
  });

  describe('FULL', () => {
    let stamped: Uint8Array;
    let signed: PDFDocument;

    beforeAll(async () => {
      stamped = await stampSignedPdf(input({ style: 'FULL' }));
      signed = await PDFDocument.load(stamped);
    });

    it('frames the signature box', () => {
      expect(pageContent(signed, 0).strokes.filter(isPlacementFrame)).toHaveLength(1);
    });

    it('adds the email to the caption, between the name and the time, within the box width', async () => {
      const found = await findTextTokens(stamped, ['Signature · Ana Núñez', 'ana@example.com', 'Signed 2025-03-04 10:20:30 UTC']);
      const [name] = found['Signature · Ana Núñez']!;
      const [email] = found['ana@example.com']!;
      const [time] = found['Signed 2025-03-04 10:20:30 UTC']!;
      expect(email).toMatchObject({ page: 0 });
      expectWithin(email!.left, LEFT);
      expect(email!.left + email!.width).toBeLessThanOrEqual(LEFT + SIGNATURE_BOX.width + 1);
      expect(email!.top).toBeGreaterThan(name!.top);
      expect(time!.top).toBeGreaterThan(email!.top);
      expect(name!.top).toBeGreaterThanOrEqual(TOP + SIGNATURE_BOX.height);
    });

    it('wraps an email wider than the box onto more caption lines, whole and within the box width', async () => {
      const email = `a.very.long.mailbox.name.that.goes.on.and.on@${'sub.'.repeat(8)}example.com`;
      const bytes = await stampSignedPdf(
        input({ style: 'FULL', extraPages: undefined, placements: [{ type: 'SIGNATURE', page: 0, left: LEFT, top: TOP, recipient: drawnBy('Ana', email) }] })
      );
      const caption = pageContent(await PDFDocument.load(bytes), 0).texts.map((text) => text.text);
      expect(caption.join('')).toContain(email);
      expect(caption.join('')).not.toContain('…');
      const pieces = caption.filter((text) => email.includes(text) && text.length > 3);
      expect(pieces.length).toBeGreaterThan(1);
      for (const piece of pieces) {
        const [found] = (await findTextTokens(bytes, [piece]))[piece]!;
        expect(found!.left + found!.width).toBeLessThanOrEqual(LEFT + SIGNATURE_BOX.width + 1);
      }
    });

    it('frames the signature inside each box of the extra pages too, which keep name, email and time', async () => {
      const last = signed.getPageCount() - 1;
      const simple = await PDFDocument.load(await stampSignedPdf(input()));
      // Each cell has its border and the rule under the signature; FULL adds the frame around the signature.
      expect(pageContent(simple, last).strokes).toHaveLength(4);
      const strokes = pageContent(signed, last).strokes;
      expect(strokes).toHaveLength(6);
      const [image] = pageContent(signed, last).images;
      // Bruno's drawn signature fills the width of its frame.
      expect(strokes.some((stroke) => Math.abs(stroke.x - image!.x) <= 1 && Math.abs(stroke.width - image!.width) <= 1 && stroke.height > 0)).toBe(true);
      const found = await findTextTokens(stamped, ['Bruno Díaz', 'bruno@example.com', 'carla@example.com']);
      for (const tokens of Object.values(found)) expect(tokens.map((token) => token.page)).toContain(last);
    });
  });

  describe('background', () => {
    const background = signaturePng(100, 50);

    it('draws the image faintly behind the signature, fitted into the box with its proportions', async () => {
      const signed = await PDFDocument.load(await stampSignedPdf(input({ background })));
      expect(imageXObjects(signed, 0).size).toBe(2);
      const { images } = pageContent(signed, 0);
      expect(images).toHaveLength(2);
      const [behind, signature] = images;
      // 100 x 50 in a 150 x 50 box: full height, centred across.
      expectWithin(behind!.height, SIGNATURE_BOX.height);
      expectWithin(behind!.width, SIGNATURE_BOX.height * 2);
      expectWithin(behind!.x, LEFT + (SIGNATURE_BOX.width - SIGNATURE_BOX.height * 2) / 2);
      expectWithin(behind!.y, PAGE_HEIGHT - TOP - SIGNATURE_BOX.height);
      expectWithin(signature!.width, SIGNATURE_BOX.width);
      expect(fillOpacities(signed, 0)).toContain(0.25);
    });

    it('draws it behind every signature of the extra pages, drawn or written, embedded once', async () => {
      const signed = await PDFDocument.load(await stampSignedPdf(input({ background, style: 'FULL' })));
      const last = signed.getPageCount() - 1;
      // Bruno's drawn signature, and the background behind Bruno's and Carla's.
      expect(pageContent(signed, last).images).toHaveLength(3);
      expect(imageXObjects(signed, last).size).toBe(2);
      const backgroundRefs = [0, last].map((page) =>
        [...imageXObjects(signed, page)].find(([, image]) => image.dict.get(PDFName.of('Width'))?.toString() === '100')?.[0]
      );
      expect(backgroundRefs[0]).toBeDefined();
      expect(backgroundRefs[1]).toBe(backgroundRefs[0]);
    });

    it('leaves out a background that is not a PNG or JPEG, or that cannot be read', async () => {
      const plain = await PDFDocument.load(await stampSignedPdf(input()));
      for (const bytes of [Buffer.from('<!doctype html><title>Not found</title>'), Buffer.from('GIF89a....'), Buffer.concat([background.subarray(0, 8), Buffer.from('junk')])]) {
        const signed = await PDFDocument.load(await stampSignedPdf(input({ background: bytes })));
        expect(imageXObjects(signed, 0).size).toBe(1);
        expect(pageContent(signed, 0).images).toHaveLength(1);
        expect(pageContent(signed, 2).images).toEqual(pageContent(plain, 2).images);
      }
    });

    it('checkSignatureBackground says why bytes cannot be a background', async () => {
      await expect(checkSignatureBackground(background)).resolves.toBeUndefined();
      await expect(checkSignatureBackground(Buffer.from('<html></html>'))).rejects.toThrow('not a PNG or JPEG image');
      await expect(checkSignatureBackground(Buffer.concat([background.subarray(0, 8), Buffer.from('junk')]))).rejects.toThrow();
    });
  });
});
