import { grayscale, rgb } from 'pdf-lib';
import { drawText } from './draw-text';
import type { PageFrame } from './page-frame';
import type { StampContext } from './stamp-context';
import type { PlacedValue } from './types';
import { baselines, boxOf, layOutRecordedValue, TICK_GAP } from './value-layout';

const INK = rgb(0, 0, 0);
const BOX_LINE = grayscale(0.3);

function drawTick(frame: PageFrame, left: number, boxTop: number, side: number, ticked: boolean): void {
  frame.page.drawRectangle({ ...frame.point(left, boxTop + side), width: side, height: side, borderColor: BOX_LINE, borderWidth: 0.75, rotate: frame.rotate });
  if (!ticked) return;
  const stroke = { thickness: 1.2, color: INK };
  frame.page.drawLine({ start: frame.point(left + side * 0.18, boxTop + side * 0.55), end: frame.point(left + side * 0.42, boxTop + side * 0.8), ...stroke });
  frame.page.drawLine({ start: frame.point(left + side * 0.42, boxTop + side * 0.8), end: frame.point(left + side * 0.85, boxTop + side * 0.2), ...stroke });
}

/**
 * One field's value at its place, always as text a reader can search and copy, and always whole: the text
 * at the largest size its box allows, wrapped where the box is tall enough; or a tick box, ticked or empty,
 * followed by the word for yes or no where it fits, so that the answer is in the text too.
 */
export async function stampValue(frame: PageFrame, placed: PlacedValue, context: StampContext): Promise<void> {
  const box = boxOf(placed);
  const { left, top } = placed;
  if (placed.cover) {
    frame.page.drawRectangle({ ...frame.point(left - 1, top + placed.cover.height + 1), width: placed.cover.width + 2, height: placed.cover.height + 2, color: rgb(1, 1, 1), rotate: frame.rotate });
  }
  const layout = await layOutRecordedValue(context, placed.value, box);
  let textLeft = left;
  if (layout.tick !== null && 'ticked' in placed.value) {
    drawTick(frame, left, top + (box.height - layout.tick) / 2, layout.tick, placed.value.ticked);
    textLeft = left + layout.tick + TICK_GAP;
  }
  const lineBaselines = baselines(layout, top, box.height);
  for (const [index, line] of layout.lines.entries()) drawText(frame, line, textLeft, lineBaselines[index]!, { size: layout.size, color: INK });
}
