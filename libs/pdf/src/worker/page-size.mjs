import pdfLib from 'pdf-lib';

const { PDFArray, PDFName, PDFNumber } = pdfLib;

/** What viewers, and pdf.js, fall back to when a page has no usable MediaBox. */
const LETTER = [0, 0, 612, 792];

/**
 * The page as displayed, computed the way pdf.js does (it locates the text tokens, so both must agree):
 * the CropBox clipped to the MediaBox, each normalised, then turned by /Rotate.
 */
export function displayedPageSize(pageLeaf) {
  const mediaBox = box(pageLeaf, 'MediaBox') ?? LETTER;
  const cropBox = intersection(box(pageLeaf, 'CropBox') ?? mediaBox, mediaBox) ?? mediaBox;
  const width = cropBox[2] - cropBox[0];
  const height = cropBox[3] - cropBox[1];
  return quarterTurned(pageLeaf) ? { width: height, height: width } : { width, height };
}

function box(pageLeaf, name) {
  const array = lookup(pageLeaf, name);
  if (!(array instanceof PDFArray) || array.size() !== 4) return undefined;
  const numbers = array.asArray().map((item) => {
    const value = pageLeaf.context.lookup(item);
    return value instanceof PDFNumber ? value.asNumber() : NaN;
  });
  if (!numbers.every(Number.isFinite)) return undefined;
  const [x1, y1, x2, y2] = numbers;
  return nonEmpty([Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)]);
}

function intersection(a, b) {
  return nonEmpty([Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]);
}

function nonEmpty(rect) {
  return rect[2] > rect[0] && rect[3] > rect[1] ? rect : undefined;
}

/** /Rotate values that are not multiples of 90 are ignored, as pdf.js does. */
function quarterTurned(pageLeaf) {
  const rotate = lookup(pageLeaf, 'Rotate');
  const degrees = rotate instanceof PDFNumber ? rotate.asNumber() : 0;
  return degrees % 90 === 0 && Math.abs(degrees / 90) % 2 === 1;
}

function lookup(pageLeaf, name) {
  return pageLeaf.context.lookup(pageLeaf.getInheritableAttribute(PDFName.of(name)));
}
