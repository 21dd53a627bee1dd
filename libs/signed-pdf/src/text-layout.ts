import type { FontStack, ShapedText } from './fonts/font-stack';

/**
 * The sizes a value is drawn at: as large as its box allows up to `largest`, never below `smallest`, the
 * least that stays legible on paper. Nothing is ever shortened: text that does not fit at `smallest` does
 * not fit.
 */
export interface TextSizes {
  largest: number;
  smallest: number;
}

export const VALUE_TEXT_SIZES: TextSizes = { largest: 11, smallest: 6 };

/** From one baseline to the next, as a multiple of the text size; a box holds one line per this much height. */
export const LINE_SPACING = 1.2;

const SIZE_STEP = 0.5;

export interface TextBox {
  width: number;
  height: number;
}

export interface FittedText {
  size: number;
  lines: ShapedText[];
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Widths at size 1 (a width scales with the size), each text shaped once however often it is tried. */
type Measure = (text: string) => Promise<number>;

function measureWith(fonts: FontStack): Measure {
  const known = new Map<string, Promise<number>>();
  return (text) => {
    let width = known.get(text);
    if (width === undefined) {
      width = fonts(text).then((shaped) => shaped.widthAt(1));
      known.set(text, width);
    }
    return width;
  };
}

/** The longest start of `word` no wider than `maxWidth`, broken between characters; '' when not even one fits. */
async function longestStart(measure: Measure, word: string, maxWidth: number): Promise<string> {
  const characters = [...graphemes.segment(word)].map((piece) => piece.segment);
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((await measure(characters.slice(0, middle).join(''))) <= maxWidth) low = middle;
    else high = middle - 1;
  }
  return characters.slice(0, low).join('');
}

/**
 * Greedy lines at size 1: words joined while they fit, a word wider than a line broken between characters.
 * A line's width is its words' and spaces' widths added up (no shaping joins across a space); null when it
 * takes more than `maxLines` lines, or when a single character is wider than a line.
 */
async function greedyLines(measure: Measure, text: string, maxWidth: number, maxLines: number): Promise<string[] | null> {
  const lines: string[] = [];
  const push = (line: string) => lines.push(line) <= maxLines;
  const space = await measure(' ');
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const width = await measure(word);
      if (line && lineWidth + space + width <= maxWidth) {
        line += ` ${word}`;
        lineWidth += space + width;
        continue;
      }
      if (line && !push(line)) return null;
      let rest = word;
      while ((await measure(rest)) > maxWidth) {
        const start = await longestStart(measure, rest, maxWidth);
        if (start === '' || !push(start)) return null;
        rest = rest.slice(start.length);
      }
      line = rest;
      lineWidth = await measure(rest);
    }
    if (!push(line)) return null;
  }
  return lines;
}

/**
 * The text as lines no wider than `maxWidth` at `size`: paragraphs split at line breaks, wrapped at spaces,
 * and a word wider than a line (an email address, a long number) broken between characters. Each line is
 * measured again whole, so what is drawn is never wider than the box. Null when it takes more than
 * `maxLines` lines, or when a single character is wider than a line.
 */
async function wrapWith(measure: Measure, text: string, size: number, maxWidth: number, maxLines: number): Promise<string[] | null> {
  const lines = await greedyLines(measure, text, maxWidth / size, maxLines);
  if (lines === null) return null;
  for (const line of lines) if ((await measure(line)) * size > maxWidth) return null;
  return lines;
}

/** The sizes to try for a box, largest first, in steps a reader would not tell apart. */
function sizesFor(box: TextBox, sizes: TextSizes): number[] {
  const largest = Math.min(sizes.largest, box.height / LINE_SPACING);
  const candidates: number[] = [];
  for (let size = Math.floor(largest / SIZE_STEP) * SIZE_STEP; size >= sizes.smallest; size -= SIZE_STEP) candidates.push(size);
  return candidates;
}

async function linesAt(measure: Measure, text: string, size: number, box: TextBox, wrap: boolean): Promise<string[] | null> {
  const maxLines = wrap ? Math.floor(box.height / (size * LINE_SPACING)) : 1;
  if (maxLines < 1) return null;
  return wrapWith(measure, text, size, box.width, maxLines);
}

/**
 * The text at the largest size at which all of it fits the box: on one line, or wrapped where the box is
 * tall enough (and `wrap` allows). Null when it does not fit even at `sizes.smallest`.
 */
export async function fitText(fonts: FontStack, text: string, box: TextBox, sizes: TextSizes = VALUE_TEXT_SIZES, wrap = true): Promise<FittedText | null> {
  const candidates = sizesFor(box, sizes);
  const measure = measureWith(fonts);
  const smallest = candidates.length === 0 ? null : await linesAt(measure, text, candidates[candidates.length - 1]!, box, wrap);
  if (smallest === null) return null;
  // A smaller size never needs more lines, so the largest size that fits is found by halving.
  let fits = { index: candidates.length - 1, lines: smallest };
  let low = 0;
  let high = candidates.length - 2;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const lines = await linesAt(measure, text, candidates[middle]!, box, wrap);
    if (lines === null) {
      low = middle + 1;
    } else {
      fits = { index: middle, lines };
      high = middle - 1;
    }
  }
  return { size: candidates[fits.index]!, lines: await Promise.all(fits.lines.map((line) => fonts(line))) };
}

/** Text at a fixed size, wrapped to the width on as many lines as it takes (captions, the extra pages' intro). */
export async function wrapLines(fonts: FontStack, text: string, size: number, maxWidth: number): Promise<ShapedText[]> {
  const lines = (await wrapWith(measureWith(fonts), text, size, maxWidth, Infinity)) ?? [text];
  return Promise.all(lines.map((line) => fonts(line)));
}
