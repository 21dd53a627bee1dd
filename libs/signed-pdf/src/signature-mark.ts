import { type Color, rgb } from 'pdf-lib';
import { drawText } from './draw-text';
import type { PageFrame } from './page-frame';
import type { StampContext } from './stamp-context';
import type { Signature } from './types';

/** A rectangle in displayed page coordinates (points from the top-left). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const INK = rgb(0, 0, 0);
/** A typed name larger than this stops looking like a signature in the tall boxes of extra pages. */
const MAX_WRITTEN_SIZE = 36;

/** The signature as large as fits in the box, keeping its proportions, centred. */
export async function drawSignatureMark(frame: PageFrame, signature: Signature, box: Box, context: StampContext): Promise<void> {
  if (signature.type === 'WRITTEN') return drawWritten(frame, signature.text, box, context);
  if (signature.type === 'APPROVED') return drawApproved(frame, box, context);
  const image = await context.image(signature.image);
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  const left = box.left + (box.width - width) / 2;
  const top = box.top + (box.height - height) / 2;
  frame.page.drawImage(image, { ...frame.point(left, top + height), width, height, rotate: frame.rotate });
}

/** "Approved", in the text face and the signature ink, centred in the box. */
async function drawApproved(frame: PageFrame, box: Box, context: StampContext): Promise<void> {
  const shaped = await context.text(context.words.approved);
  const size = Math.min(16, box.width / shaped.widthAt(1));
  drawText(frame, shaped, box.left + (box.width - shaped.widthAt(size)) / 2, box.top + box.height / 2 + size / 3, { size, color: INK });
}

async function drawWritten(frame: PageFrame, text: string, box: Box, context: StampContext): Promise<void> {
  const shaped = await context.handwriting(text);
  const primary = shaped.runs[0]?.font;
  if (!primary) throw new TypeError('A WRITTEN signature needs some text');
  // Script faces have tall ascenders and deep descenders: size by the whole height so loops stay inside.
  const size = Math.min(MAX_WRITTEN_SIZE, box.height / primary.heightAtSize(1), box.width / shaped.widthAt(1));
  const ascent = primary.heightAtSize(size, { descender: false });
  const baseline = box.top + (box.height - primary.heightAtSize(size)) / 2 + ascent;
  const left = box.left + (box.width - shaped.widthAt(size)) / 2;
  drawText(frame, shaped, left, baseline, { size, color: INK });
}

/** A thin frame around the box (the FULL style). */
export function drawBoxFrame(frame: PageFrame, box: Box, color: Color): void {
  frame.page.drawRectangle({
    ...frame.point(box.left, box.top + box.height),
    width: box.width,
    height: box.height,
    borderColor: color,
    borderWidth: 0.5,
    rotate: frame.rotate
  });
}
