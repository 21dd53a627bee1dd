import type { FontStack, ShapedText } from './fonts/font-stack';
import { fitText, LINE_SPACING, type TextBox, VALUE_TEXT_SIZES, wrapLines } from './text-layout';
import type { PlacedValue } from './types';

/** A field's box when the placement gave no size: one line of text a signature box wide. */
export const FIELD_BOX = { width: 150, height: 16 } as const;

/** A tick box's side: as large as the field's box allows up to `largest`; below `smallest` a tick is not legible. */
export const TICK_SIDE = { largest: 9, smallest: 6 } as const;

/** The gap between a tick box and the word after it. */
export const TICK_GAP = 3;

/**
 * How one value sits in its box: text at `size` on `lines`, or a tick box of side `tick` followed by the
 * word for yes or no, which is left out (lines empty) when it does not fit beside the box.
 */
export interface ValueLayout {
  size: number;
  lines: ShapedText[];
  tick: number | null;
}

export interface ValueFonts {
  text: FontStack;
  handwriting: FontStack;
  words: { yes: string; no: string };
}

export function boxOf(placed: Pick<PlacedValue, 'width' | 'height'>): TextBox {
  return { width: placed.width ?? FIELD_BOX.width, height: placed.height ?? FIELD_BOX.height };
}

/** The value laid out in its box without shortening anything; null when the box cannot hold all of it legibly. */
export async function layOutValue(fonts: ValueFonts, value: PlacedValue['value'], box: TextBox): Promise<ValueLayout | null> {
  if ('ticked' in value) {
    const tick = Math.min(TICK_SIDE.largest, box.width, box.height);
    if (tick < TICK_SIDE.smallest) return null;
    const word = value.ticked ? fonts.words.yes : fonts.words.no;
    const caption = await fitText(fonts.text, word, { width: box.width - tick - TICK_GAP, height: box.height }, VALUE_TEXT_SIZES, false);
    return { size: caption?.size ?? VALUE_TEXT_SIZES.smallest, lines: caption?.lines ?? [], tick };
  }
  const fitted = await fitText(value.handwriting ? fonts.handwriting : fonts.text, value.text, box);
  return fitted === null ? null : { ...fitted, tick: null };
}

/**
 * A value recorded before values were checked against their box: drawn whole, smaller than legible if it
 * must, since the document may not show less than what was signed.
 */
export async function layOutRecordedValue(fonts: ValueFonts, value: PlacedValue['value'], box: TextBox): Promise<ValueLayout> {
  const layout = await layOutValue(fonts, value, box);
  if (layout !== null) return layout;
  if ('ticked' in value) return { size: VALUE_TEXT_SIZES.smallest, lines: [], tick: Math.min(TICK_SIDE.largest, box.width, box.height) };
  const stack = value.handwriting ? fonts.handwriting : fonts.text;
  const tiny = await fitText(stack, value.text, box, { largest: VALUE_TEXT_SIZES.smallest, smallest: 1 });
  if (tiny !== null) return { ...tiny, tick: null };
  return { size: 1, lines: await wrapLines(stack, value.text, 1, box.width), tick: null };
}

/** Where each line's baseline goes, the block of lines centred in the box's height. */
export function baselines(layout: ValueLayout, top: number, height: number): number[] {
  const step = layout.size * LINE_SPACING;
  const first = top + (height - layout.lines.length * step) / 2 + (step + layout.size * 0.7) / 2;
  return layout.lines.map((_, index) => first + index * step);
}
