import { closePdfWorkers } from '@signet/pdf';
import { pdftotext, pdftotextWords } from '@signet/testkit';
import { PDFDocument } from 'pdf-lib';
import { FIELD_BOX, measureValue, stampSignedPdf, type PlacedValue } from '../src';
import { DOCUMENT_ID, twoPagePdf } from './fixtures';
import { pageContent } from './page-content';

const PAGE_HEIGHT = 792;
const EMAIL = 'billing.mx166xdh.accounts@quokka-test.io';
const TEXT_80 = 'The tenant keeps the garden tidy, waters the plants each week and mows the lawn.';
const withoutSpaces = (text: string) => text.replace(/\s+/g, '');

describe('field values fitted to their boxes', () => {
  afterAll(closePdfWorkers);

  const email: PlacedValue = { page: 0, left: 72, top: 100, value: { text: EMAIL } };
  const text: PlacedValue = { page: 0, left: 72, top: 160, width: 150, height: 20, value: { text: TEXT_80 } };
  const tick: PlacedValue = { page: 0, left: 72, top: 220, width: 14, height: 14, value: { ticked: true } };
  let stamped: Uint8Array;

  beforeAll(async () => {
    stamped = await stampSignedPdf({ pdf: await twoPagePdf(), documentId: DOCUMENT_ID, placements: [], values: [email, text, tick] });
  });

  it('draws every value whole, shrunk or wrapped, and never shortened with an ellipsis', () => {
    expect(EMAIL).toHaveLength(40);
    expect(TEXT_80).toHaveLength(80);
    const shown = withoutSpaces(pdftotext(stamped));
    expect(shown).toContain(withoutSpaces(EMAIL));
    expect(shown).toContain(withoutSpaces(TEXT_80));
    expect(shown).not.toContain('…');
  });

  it('keeps each value inside its box', () => {
    const words = pdftotextWords(stamped).filter((word) => word.page === 0);
    const inside = (placed: PlacedValue, word: (typeof words)[number]) => {
      const width = placed.width ?? FIELD_BOX.width;
      const height = placed.height ?? FIELD_BOX.height;
      return word.xMin >= placed.left - 0.5 && word.xMax <= placed.left + width + 0.5 && word.yMin >= placed.top - 1 && word.yMax <= placed.top + height + 1;
    };
    const emailWords = words.filter((word) => EMAIL.includes(word.text));
    const textWords = words.filter((word) => word.yMin >= 150 && word.yMax <= 190);
    expect(emailWords.length).toBeGreaterThan(0);
    expect(emailWords.every((word) => inside(email, word))).toBe(true);
    expect(withoutSpaces(textWords.map((word) => word.text).join(''))).toBe(withoutSpaces(TEXT_80));
    expect(textWords.every((word) => inside(text, word))).toBe(true);
  });

  it('draws a ticked 14 pt box with its tick inside, and leaves out a caption that does not fit beside it', async () => {
    const strokes = pageContent(await PDFDocument.load(stamped), 0).strokes;
    const boxTop = PAGE_HEIGHT - tick.top;
    const inBox = strokes.filter((stroke) => stroke.x >= tick.left - 0.5 && stroke.x + stroke.width <= tick.left + 14.5 && stroke.y >= boxTop - 14.5 && stroke.y + stroke.height <= boxTop + 0.5);
    // The box's outline and the tick's two strokes.
    expect(inBox.length).toBeGreaterThanOrEqual(3);
    const near = pdftotextWords(stamped).filter((word) => word.page === 0 && word.yMin >= tick.top - 2 && word.yMax <= tick.top + 16);
    expect(near).toEqual([]);
  });

  it('measures the same layout the document uses, and refuses a value its box cannot hold at 6 pt', async () => {
    expect(await measureValue(email.value, email)).toMatchObject({ lines: [EMAIL] });
    const wrapped = await measureValue(text.value, text);
    expect(wrapped!.lines.length).toBe(2);
    expect(wrapped!.size).toBeGreaterThanOrEqual(6);
    expect(await measureValue({ text: 'x'.repeat(60) }, { width: 60, height: 16 })).toBeNull();
    expect(await measureValue({ ticked: true }, { width: 5, height: 5 })).toBeNull();
    expect(await measureValue({ ticked: true }, { width: 60, height: 14 })).toMatchObject({ lines: ['Yes'], tick: 9 });
    expect(await measureValue({ ticked: false }, { width: 60, height: 14 }, 'ES')).toMatchObject({ lines: ['No'] });
  });
});
