import * as fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { handwritingFaces, textFaces } from './font-faces';
import { faceEmbedder, fontStack, type ShapedText } from './font-stack';

async function stacks() {
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  const embed = faceEmbedder(document);
  return { handwriting: fontStack(embed, handwritingFaces()), text: fontStack(embed, textFaces()) };
}

const runs = (shaped: ShapedText) => shaped.runs.map((run) => [run.font.name.replace(/-\d+$/, ''), run.text]);

describe('fontStack', () => {
  it('takes each character from the first face that has it, keeping spaces in the run they are in', async () => {
    const { handwriting } = await stacks();
    const shaped = await handwriting('Łucja Núñez');
    expect(runs(shaped)).toEqual([
      ['DancingScript-Regular', 'Ł'],
      ['DancingScript-Regular', 'ucja Núñez']
    ]);
    expect(shaped.runs[0]!.font).not.toBe(shaped.runs[1]!.font);
    expect(shaped.widthAt(20)).toBeCloseTo(2 * shaped.widthAt(10));
  });

  it('writes Cyrillic by hand too, and falls back to Noto Sans for scripts without a handwriting face', async () => {
    const { handwriting } = await stacks();
    expect(runs(await handwriting('Дмитрий Петров'))).toEqual([['Caveat-Regular', 'Дмитрий Петров']]);
    expect(runs(await handwriting('Αλέξης'))).toEqual([['NotoSans-Regular', 'Αλέξης']]);
  });

  it('shows characters no face has as U+FFFD, composes accents and turns control characters into spaces', async () => {
    const { text } = await stacks();
    expect((await text('Bob क')).text).toBe('Bob \uFFFD');
    expect((await text('Nu\u0301n\u0303ez')).text).toBe('Núñez');
    expect((await text('Ana\tNúñez\n')).text).toBe('Ana Núñez ');
  });

  it('writes Chinese and Japanese kana in Noto Sans SC, a handwritten signature included', async () => {
    const { handwriting, text } = await stacks();
    const name = await text('Łukasz Żółć 王伟');
    expect(name.text).toBe('Łukasz Żółć 王伟');
    expect(runs(name).at(-1)).toEqual([expect.stringMatching(/^NotoSansSC/), '王伟']);
    expect(runs(name).slice(0, -1).every(([font]) => font === 'NotoSans-Regular')).toBe(true);
    const signature = await handwriting('王伟 さくら');
    expect(runs(signature)).toEqual([[expect.stringMatching(/^NotoSansSC/), '王伟 さくら']]);
  });

  it('writes Korean Hangul in Noto Sans KR, printed and handwritten', async () => {
    const { handwriting, text } = await stacks();
    const name = await text('Ana 김민준');
    expect(name.text).toBe('Ana 김민준');
    expect(runs(name)).toEqual([['NotoSans-Regular', 'Ana '], [expect.stringMatching(/^NotoSansKR/), '김민준']]);
    expect(runs(await handwriting('김민준'))).toEqual([[expect.stringMatching(/^NotoSansKR/), '김민준']]);
  });

  it('embeds a face only when some text needs it, and once for all the stacks of a document', async () => {
    const document = await PDFDocument.create();
    document.registerFontkit(fontkit);
    const embed = faceEmbedder(document);
    const [text, handwriting] = [fontStack(embed, textFaces()), fontStack(embed, handwritingFaces())];
    await text('Ana Αλέξης');
    await handwriting('Αλέξης');
    const saved = await PDFDocument.load(await document.save());
    const fonts = saved.context.enumerateIndirectObjects().filter(([, object]) => String(object).includes('/Subtype /Type0'));
    // Noto Sans latin and greek: the handwriting stack's Greek fallback is the text stack's face.
    expect(fonts).toHaveLength(2);
  });
});
