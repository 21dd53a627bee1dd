import { grayscale, rgb } from 'pdf-lib';
import { drawText } from './draw-text';
import type { PageFrame } from './page-frame';
import type { StampContext } from './stamp-context';
import { fitWidth } from './text-layout';
import type { PlacedValue } from './types';

/** A field's box when the placement gave no size: one line of text a signature box wide. */
export const FIELD_BOX = { width: 150, height: 16 } as const;

const INK = rgb(0, 0, 0);
const BOX_LINE = grayscale(0.3);
const MAX_SIZE = 11;
const TICK_BOX = 9;

/**
 * One field's value at its place, always as text a reader can search and copy: the text fitted to the
 * box (shortened with an ellipsis when too long), or a tick box, ticked or empty, followed by the
 * word for yes or no so that the answer is in the text too.
 */
export async function stampValue(frame: PageFrame, placed: PlacedValue, context: StampContext): Promise<void> {
  const width = placed.width ?? FIELD_BOX.width;
  const height = placed.height ?? FIELD_BOX.height;
  const { left, top } = placed;
  if (placed.cover) {
    frame.page.drawRectangle({ ...frame.point(left - 1, top + placed.cover.height + 1), width: placed.cover.width + 2, height: placed.cover.height + 2, color: rgb(1, 1, 1), rotate: frame.rotate });
  }
  const size = Math.max(5, Math.min(MAX_SIZE, height * 0.75));
  const baseline = top + (height + size * 0.7) / 2;
  if ('ticked' in placed.value) {
    const side = Math.min(TICK_BOX, height);
    const boxTop = top + (height - side) / 2;
    frame.page.drawRectangle({ ...frame.point(left, boxTop + side), width: side, height: side, borderColor: BOX_LINE, borderWidth: 0.75, rotate: frame.rotate });
    if (placed.value.ticked) {
      const stroke = { thickness: 1.2, color: INK };
      frame.page.drawLine({ start: frame.point(left + side * 0.18, boxTop + side * 0.55), end: frame.point(left + side * 0.42, boxTop + side * 0.8), ...stroke });
      frame.page.drawLine({ start: frame.point(left + side * 0.42, boxTop + side * 0.8), end: frame.point(left + side * 0.85, boxTop + side * 0.2), ...stroke });
    }
    const word = await fitWidth(context.text, placed.value.ticked ? context.words.yes : context.words.no, size, Math.max(width - side - 3, 10));
    drawText(frame, word, left + side + 3, baseline, { size, color: INK });
    return;
  }
  const fonts = placed.value.handwriting ? context.handwriting : context.text;
  const line = await fitWidth(fonts, placed.value.text, size, width);
  drawText(frame, line, left, baseline, { size, color: INK });
}
