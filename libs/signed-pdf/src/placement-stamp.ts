import { grayscale, rgb } from 'pdf-lib';
import { drawText } from './draw-text';
import type { PageFrame } from './page-frame';
import { drawBackground } from './signature-background';
import { drawBoxFrame, drawSignatureMark } from './signature-mark';
import type { StampContext } from './stamp-context';
import { wrapLines } from './text-layout';
import type { ResolvedPlacement } from './types';
import { signedAtText } from './words';

/**
 * The box a placement's signature is fitted into, its top-left corner at the placement's position.
 * Exported so a signer page can mark placements with the same size as the stamp.
 */
export const SIGNATURE_BOX = { width: 150, height: 50 } as const;

const CAPTION_SIZE = 6.5;
const CAPTION_LINE = 8;
const RULE = grayscale(0.45);
const CAPTION = grayscale(0.3);

/** A point of margin around the token, so no antialiased edge of its glyphs peeks out. */
const COVER_MARGIN = 1;

/**
 * Paints the token's box white: the stamp goes where the token was, and a `{{token}}` showing through
 * the signature would look like a template left unfilled. The text stays in the content stream (search
 * and copy still find it); only its look is covered.
 */
function coverToken(frame: PageFrame, left: number, top: number, cover: { width: number; height: number }): void {
  frame.page.drawRectangle({
    ...frame.point(left - COVER_MARGIN, top + cover.height + COVER_MARGIN),
    width: cover.width + 2 * COVER_MARGIN,
    height: cover.height + 2 * COVER_MARGIN,
    color: rgb(1, 1, 1),
    rotate: frame.rotate
  });
}

/**
 * The signature in its box over a thin rule, captioned with the placement type, name and time (SIMPLE);
 * FULL frames the box and adds the email between the two. A background, when given, goes behind it.
 */
export async function stampPlacement(frame: PageFrame, placement: ResolvedPlacement, context: StampContext): Promise<void> {
  const { left, top, recipient } = placement;
  const { width, height } = SIGNATURE_BOX;
  const box = { left, top, width, height };
  if (placement.cover) coverToken(frame, left, top, placement.cover);
  if (context.background) drawBackground(frame, context.background, box);
  await drawSignatureMark(frame, recipient.signature, box, context);
  const full = context.style === 'FULL';
  if (full) {
    drawBoxFrame(frame, box, RULE);
  } else {
    frame.page.drawLine({
      start: frame.point(left, top + height),
      end: frame.point(left + width, top + height),
      thickness: 0.5,
      color: RULE
    });
  }
  const captions = [
    `${context.words.placement[placement.type]} · ${recipient.name}`,
    ...(full ? [recipient.email] : []),
    signedAtText(context.words, recipient.signedAt, recipient.signature)
  ];
  // A caption wider than the box wraps onto more lines below it: a name is never shortened.
  let baseline = top + height;
  for (const caption of captions) {
    for (const line of await wrapLines(context.text, caption, CAPTION_SIZE, width)) {
      baseline += CAPTION_LINE;
      drawText(frame, line, left, baseline, { size: CAPTION_SIZE, color: CAPTION });
    }
  }
}
