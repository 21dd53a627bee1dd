import { grayscale } from 'pdf-lib';
import { drawText } from './draw-text';
import type { ShapedText } from './fonts/font-stack';
import type { PageFrame } from './page-frame';

const SIZE = 7;
const MARGIN = 12;

/** Top-left of the page as displayed, where e-signature services customarily print the envelope id. */
export function drawDocumentIdLabel(frame: PageFrame, label: ShapedText): void {
  drawText(frame, label, MARGIN, MARGIN + SIZE, { size: SIZE, color: grayscale(0.35) });
}
