import { grayscale, type PDFDocument } from 'pdf-lib';
import { drawText } from './draw-text';
import { pageFrame, type PageFrame } from './page-frame';
import { drawBackground } from './signature-background';
import { type Box, drawBoxFrame, drawSignatureMark } from './signature-mark';
import type { StampContext } from './stamp-context';
import { fitText, LINE_SPACING, wrapLines } from './text-layout';
import type { ExtraSignaturePages, SignedRecipient } from './types';
import { signedAtText } from './words';

const MARGIN = 48;
const INTRO_SIZE = 10;
const INTRO_LINE = 14;
const GAP = 16;
const PADDING = 8;
/** Name, email and time under the signature, with the space the rule above them needs. */
const DETAILS_HEIGHT = 40;
/** Below this a box could not show a legible signature, so fewer rows go on each page. */
const MIN_CELL_HEIGHT = 110;
/** The least size a name, email or time under a signature is shrunk to before it wraps. */
const DETAILS_SMALLEST = 6;
const MAX_CELL_HEIGHT = 150;
const BORDER = grayscale(0.75);
const MUTED = grayscale(0.35);

/**
 * Appends pages of signature boxes, `signaturesPerRow` across and up to `signaturesPerPage` on a page,
 * each page the size of the document's last page as displayed and headed by the intro text.
 */
export async function appendExtraSignaturePages(
  document: PDFDocument,
  extra: ExtraSignaturePages,
  context: StampContext
): Promise<void> {
  const { recipients, signaturesPerPage, signaturesPerRow } = extra;
  for (const [name, value] of Object.entries({ signaturesPerPage, signaturesPerRow })) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  }
  if (recipients.length === 0) return;
  const last = pageFrame(document.getPage(document.getPageCount() - 1));
  const size: [number, number] = [last.width, last.height];
  let next = 0;
  while (next < recipients.length) {
    const frame = pageFrame(document.addPage(size));
    const gridTop = await drawIntro(frame, extra.intro ?? '', context);
    const grid = gridLayout(frame, gridTop, signaturesPerPage, signaturesPerRow);
    for (const cell of grid.slice(0, recipients.length - next)) {
      await drawSignatureCell(frame, cell, recipients[next++]!, context);
    }
  }
}

/** Draws the intro and returns where the grid starts. */
async function drawIntro(frame: PageFrame, intro: string, context: StampContext): Promise<number> {
  if (!intro.trim()) return MARGIN;
  const lines = await wrapLines(context.text, intro.trim(), INTRO_SIZE, frame.width - 2 * MARGIN);
  for (const [index, line] of lines.entries()) {
    drawText(frame, line, MARGIN, MARGIN + INTRO_SIZE + index * INTRO_LINE, { size: INTRO_SIZE, color: grayscale(0) });
  }
  return MARGIN + lines.length * INTRO_LINE + GAP;
}

function gridLayout(frame: PageFrame, top: number, perPage: number, perRow: number): Box[] {
  const columns = Math.min(perRow, perPage);
  const width = (frame.width - 2 * MARGIN - (columns - 1) * GAP) / columns;
  const available = frame.height - MARGIN - top;
  const rowsThatFit = Math.max(1, Math.floor((available + GAP) / (MIN_CELL_HEIGHT + GAP)));
  const rows = Math.min(Math.ceil(perPage / columns), rowsThatFit);
  const height = Math.min(MAX_CELL_HEIGHT, (available - (rows - 1) * GAP) / rows);
  const count = Math.min(perPage, rows * columns);
  return Array.from({ length: count }, (_, index) => ({
    left: MARGIN + (index % columns) * (width + GAP),
    top: top + Math.floor(index / columns) * (height + GAP),
    width,
    height
  }));
}

/** Name, email and time in both styles; FULL also frames the signature inside the cell. */
async function drawSignatureCell(frame: PageFrame, cell: Box, recipient: SignedRecipient, context: StampContext): Promise<void> {
  frame.page.drawRectangle({
    ...frame.point(cell.left, cell.top + cell.height),
    width: cell.width,
    height: cell.height,
    borderColor: BORDER,
    borderWidth: 0.75,
    rotate: frame.rotate
  });
  const inner = cell.width - 2 * PADDING;
  const ruleTop = cell.top + cell.height - PADDING - DETAILS_HEIGHT;
  const signatureBox = { left: cell.left + PADDING, top: cell.top + PADDING, width: inner, height: ruleTop - cell.top - 2 * PADDING };
  if (context.background) drawBackground(frame, context.background, signatureBox);
  await drawSignatureMark(frame, recipient.signature, signatureBox, context);
  if (context.style === 'FULL') drawBoxFrame(frame, signatureBox, BORDER);
  frame.page.drawLine({
    start: frame.point(cell.left + PADDING, ruleTop),
    end: frame.point(cell.left + cell.width - PADDING, ruleTop),
    thickness: 0.5,
    color: BORDER
  });
  const details = [
    { text: recipient.name, size: 9, color: grayscale(0) },
    { text: recipient.email, size: 8, color: MUTED },
    { text: signedAtText(context.words, recipient.signedAt, recipient.signature), size: 8, color: MUTED }
  ];
  let baseline = ruleTop + 4;
  for (const { text, size, color } of details) {
    // Shrunk to fit its line, and wrapped below it when even the smallest size is too wide: never shortened.
    const fitted = await fitText(context.text, text, { width: inner, height: size * LINE_SPACING }, { largest: size, smallest: DETAILS_SMALLEST });
    const lines = fitted ?? { size: DETAILS_SMALLEST, lines: await wrapLines(context.text, text, DETAILS_SMALLEST, inner) };
    for (const line of lines.lines) {
      baseline += lines.size + 3;
      drawText(frame, line, cell.left + PADDING, baseline, { size: lines.size, color });
    }
  }
}
