import type { Color } from 'pdf-lib';
import type { ShapedText } from './fonts/font-stack';
import type { PageFrame } from './page-frame';

export interface TextStyle {
  size: number;
  color: Color;
}

/** Draws text whose baseline starts at (left, baseline), measured from the displayed top-left. */
export function drawText(frame: PageFrame, text: ShapedText, left: number, baseline: number, style: TextStyle): void {
  let advance = 0;
  for (const run of text.runs) {
    frame.page.drawText(run.text, {
      ...frame.point(left + advance, baseline),
      font: run.font,
      size: style.size,
      color: style.color,
      rotate: frame.rotate
    });
    advance += run.font.widthOfTextAtSize(run.text, style.size);
  }
}
