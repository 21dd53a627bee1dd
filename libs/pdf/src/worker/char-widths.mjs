import pdfLib from 'pdf-lib';

const { StandardFontEmbedder, StandardFonts } = pdfLib;

/**
 * pdf.js reports where a text item starts and how wide it is, not where each glyph is. Spreading
 * that width over the characters by the proportions of the standard font of the item's family
 * (which pdf.js reports) places a token inside an item far better than counting characters.
 */
const references = {
  'sans-serif': StandardFontEmbedder.for(StandardFonts.Helvetica),
  serif: StandardFontEmbedder.for(StandardFonts.TimesRoman),
  monospace: StandardFontEmbedder.for(StandardFonts.Courier)
};
const AVERAGE_WIDTH = 500;
const widths = new Map();

/** The share of the item's advance taken by its first `index` characters. */
export function advanceFraction(text, index, fontFamily) {
  const reference = references[fontFamily] ?? references['sans-serif'];
  const total = widthOf(reference, text, text.length);
  return total > 0 ? widthOf(reference, text, index) / total : index / text.length;
}

function widthOf(reference, text, end) {
  let sum = 0;
  for (let i = 0; i < end; i++) sum += charWidth(reference, text[i]);
  return sum;
}

function charWidth(reference, char) {
  const key = `${reference.fontName}:${char}`;
  let width = widths.get(key);
  if (width === undefined) {
    try {
      width = reference.widthOfTextAtSize(char, 1000);
    } catch {
      width = AVERAGE_WIDTH; // not in WinAnsi, so the standard font has no metric for it
    }
    widths.set(key, width);
  }
  return width;
}
