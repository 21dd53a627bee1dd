import type { FontStack, ShapedText } from './fonts/font-stack';

const ELLIPSIS = '\u2026';

/** The text, shortened with an ellipsis when it is wider than `maxWidth` at `size`. */
export async function fitWidth(fonts: FontStack, text: string, size: number, maxWidth: number): Promise<ShapedText> {
  const whole = await fonts(text);
  if (whole.widthAt(size) <= maxWidth) return whole;
  const characters = [...whole.text];
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const candidate = await fonts(characters.slice(0, middle).join('').trimEnd() + ELLIPSIS);
    if (candidate.widthAt(size) <= maxWidth) low = middle;
    else high = middle - 1;
  }
  return fonts(characters.slice(0, low).join('').trimEnd() + ELLIPSIS);
}

/** Paragraphs (split on line breaks) wrapped at spaces into lines no wider than `maxWidth`. */
export async function wrapLines(fonts: FontStack, text: string, size: number, maxWidth: number): Promise<ShapedText[]> {
  const lines: ShapedText[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && (await fonts(candidate)).widthAt(size) > maxWidth) {
        lines.push(await fitWidth(fonts, line, size, maxWidth));
        line = word;
      } else {
        line = candidate;
      }
    }
    lines.push(await fitWidth(fonts, line, size, maxWidth));
  }
  return lines;
}
