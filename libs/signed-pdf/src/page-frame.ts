import { degrees, PDFArray, PDFName, PDFNumber, type PDFPage, type Rotation } from 'pdf-lib';

type Rect = [x1: number, y1: number, x2: number, y2: number];

/** What viewers, and pdf.js, fall back to when a page has no usable MediaBox. */
const LETTER: Rect = [0, 0, 612, 792];

/**
 * A page as displayed: `width` and `height` of the visible area, and the pdf-lib point (bottom-left
 * origin, unrotated user space) of any point given from the displayed top-left corner. Drawing with
 * `rotate: frame.rotate` keeps text and images upright on a page with /Rotate.
 */
export interface PageFrame {
  page: PDFPage;
  width: number;
  height: number;
  rotate: Rotation;
  point(left: number, top: number): { x: number; y: number };
}

/**
 * Computed the way pdf.js (and so @signet/pdf's inspectPdf and findTextTokens) sees the page: the
 * CropBox clipped to the MediaBox, each normalised, then turned clockwise by /Rotate. Placements are
 * measured by those functions, so the stamp must agree with them rather than with pdf-lib's raw boxes.
 */
export function pageFrame(page: PDFPage): PageFrame {
  const mediaBox = pageBox(page, 'MediaBox') ?? LETTER;
  const [x1, y1, x2, y2] = intersection(pageBox(page, 'CropBox') ?? mediaBox, mediaBox) ?? mediaBox;
  const turn = quarterTurns(page);
  const upright = turn % 2 === 0;
  const toUserSpace = [
    (left: number, top: number) => ({ x: x1 + left, y: y2 - top }),
    (left: number, top: number) => ({ x: x1 + top, y: y1 + left }),
    (left: number, top: number) => ({ x: x2 - left, y: y1 + top }),
    (left: number, top: number) => ({ x: x2 - top, y: y2 - left })
  ][turn]!;
  return {
    page,
    width: upright ? x2 - x1 : y2 - y1,
    height: upright ? y2 - y1 : x2 - x1,
    rotate: degrees(turn * 90),
    point: toUserSpace
  };
}

function pageBox(page: PDFPage, name: 'MediaBox' | 'CropBox'): Rect | undefined {
  const array = page.node.context.lookup(page.node.getInheritableAttribute(PDFName.of(name)));
  if (!(array instanceof PDFArray) || array.size() !== 4) return undefined;
  const numbers = array.asArray().map((item) => {
    const value = page.node.context.lookup(item);
    return value instanceof PDFNumber ? value.asNumber() : NaN;
  });
  if (!numbers.every(Number.isFinite)) return undefined;
  const [a, b, c, d] = numbers as Rect;
  return nonEmpty([Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)]);
}

function intersection(a: Rect, b: Rect): Rect | undefined {
  return nonEmpty([Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]);
}

function nonEmpty(rect: Rect): Rect | undefined {
  return rect[2] > rect[0] && rect[3] > rect[1] ? rect : undefined;
}

/** Clockwise quarter turns of /Rotate; values that are not multiples of 90 are ignored, as pdf.js does. */
function quarterTurns(page: PDFPage): number {
  const rotate = page.node.context.lookup(page.node.getInheritableAttribute(PDFName.of('Rotate')));
  const angle = rotate instanceof PDFNumber ? rotate.asNumber() : 0;
  return angle % 90 === 0 ? (((angle / 90) % 4) + 4) % 4 : 0;
}
