import * as fontkit from '@pdf-lib/fontkit';
import { pdftotext, pdftotextWords } from '@signet/testkit';
import { PDFDocument } from 'pdf-lib';
import { textDocument, textFaces } from '../src';
import { sfntOf } from '../src/fonts/woff-to-sfnt';

const LETTER = { width: 612, height: 792 };
const MARGIN = 56;

const LATIN = 'You have the right to receive a paper copy of any record of this envelope. To ask for one at any time, contact Globex Legal, who will tell you of any fee before sending it.';
const JAPANESE = 'この封筒のどの記録についても、紙の写しを受け取る権利があります。いつでも Globex Legal に連絡して請求できます。費用がかかる場合は、送付前に Globex Legal からお知らせします。';
const ARABIC = 'يحق لك الحصول على نسخة ورقية من أي سجل في هذا المغلف.';

const documentOf = (paragraphs: string[], language: { tag: string; direction: 'ltr' | 'rtl' } = { tag: 'en', direction: 'ltr' }) =>
  textDocument({ title: 'Consent', blocks: [{ text: 'Consent', style: 'title' }, ...paragraphs.map((text) => ({ text, style: 'paragraph' as const })), { text: 'Your code: K7P4QX', style: 'code' }], language });

describe('textDocument: blocks of text on US Letter pages', () => {
  it('writes every word where a reader finds it, inside the margins, with the title and language in its metadata', async () => {
    const pdf = await documentOf([LATIN, JAPANESE]);
    const text = pdftotext(pdf).replace(/\s+/g, ' ');
    expect(text).toContain(LATIN);
    expect(text.replace(/ /g, '')).toContain(JAPANESE.replace(/ /g, ''));
    expect(text).toContain('Your code: K7P4QX');
    const words = pdftotextWords(pdf);
    expect(words.every((word) => word.xMin >= MARGIN - 1 && word.xMax <= LETTER.width - MARGIN + 1)).toBe(true);
    const loaded = await PDFDocument.load(pdf);
    expect(loaded.getPage(0).getSize()).toEqual(LETTER);
    expect(loaded.getTitle()).toBe('Consent');
  });

  it('breaks Japanese where lines may break: never before a closing 。 or 、', async () => {
    const lines = pdftotext(await documentOf([JAPANESE.repeat(3)])).split('\n').filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.filter((line) => /^[。、]/.test(line))).toEqual([]);
  });

  it('right-aligns a right-to-left document, Arabic read back in reading order', async () => {
    const words = pdftotextWords(await documentOf([ARABIC], { tag: 'ar', direction: 'rtl' }));
    // A line with Arabic is one marked span (its /ActualText), whose box pdftotext does not measure: the Latin line shows where lines end.
    expect(words.map((word) => word.text)).toContain(ARABIC);
    const code = words.find((word) => word.text === 'K7P4QX');
    expect(code?.xMax).toBeCloseTo(LETTER.width - MARGIN, 0);
  });

  it('goes on to a new page when the text outgrows one', async () => {
    const pdf = await documentOf(Array.from({ length: 30 }, () => LATIN));
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(2);
  });
});

describe('sfntOf', () => {
  it('unwraps a WOFF into the font it holds: the same glyphs, read in place', () => {
    const [latin] = textFaces();
    const woff = fontkit.create(Buffer.from(latin!.bytes));
    const plain = sfntOf(latin!.bytes);
    expect(Buffer.from(plain.subarray(0, 4)).toString('latin1')).not.toBe('wOFF');
    const font = fontkit.create(Buffer.from(plain));
    expect(font.numGlyphs).toBe(woff.numGlyphs);
    expect(font.layout('Signet').advanceWidth).toBe(woff.layout('Signet').advanceWidth);
  });
});
