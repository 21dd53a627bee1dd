import LineBreaker from 'linebreak';
import type { FontStack, ShapedText } from './fonts/font-stack';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The stretches of a text between its line break opportunities (UAX #14), each with whether a line must end after it. */
function stretches(text: string): Array<{ text: string; required: boolean }> {
  const breaker = new LineBreaker(text);
  const found: Array<{ text: string; required: boolean }> = [];
  let last = 0;
  for (let next = breaker.nextBreak(); next !== null; next = breaker.nextBreak()) {
    found.push({ text: text.slice(last, next.position), required: next.required });
    last = next.position;
  }
  return found;
}

/**
 * A paragraph as lines no wider than `maxWidth` at `size`, broken where the Unicode line breaking
 * algorithm allows (between words, and between most Chinese and Japanese characters, never before a
 * closing 。 or 、); a stretch wider than a line (a long address) is broken between characters. Each
 * line is measured whole, as it will be shaped and drawn.
 */
export async function paragraphLines(fonts: FontStack, text: string, size: number, maxWidth: number): Promise<ShapedText[]> {
  const width = async (line: string) => (await fonts(line.trimEnd())).widthAt(size);
  const lines: string[] = [];
  let line = '';
  for (const stretch of stretches(text.normalize('NFC'))) {
    if (line !== '' && (await width(line + stretch.text)) > maxWidth) {
      lines.push(line);
      line = '';
    }
    line += stretch.text;
    while ((await width(line)) > maxWidth) {
      const characters = [...graphemes.segment(line)].map((piece) => piece.segment);
      let fits = 1;
      while (fits < characters.length && (await width(characters.slice(0, fits + 1).join(''))) <= maxWidth) fits += 1;
      if (fits === characters.length) break;
      lines.push(characters.slice(0, fits).join(''));
      line = characters.slice(fits).join('');
    }
    if (stretch.required) {
      lines.push(line);
      line = '';
    }
  }
  if (line.trim() !== '') lines.push(line);
  return Promise.all(lines.map((shown) => fonts(shown.trimEnd())));
}
