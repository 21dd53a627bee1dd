import { PDFDocument } from 'pdf-lib';
import { handwritingFaces, textFaces } from './fonts/font-faces';
import { faceEmbedder, fontStack, type FontStack } from './fonts/font-stack';
import { subsettingFontkit } from './fonts/subsetting-fontkit';
import type { StampLanguage } from './types';
import type { PlacedValue } from './types';
import { boxOf, layOutValue } from './value-layout';
import { wordsFor } from './words';

/** How a value will sit in its box: its size, its lines as text, and the tick box's side for a tick box. */
export interface MeasuredValue {
  size: number;
  lines: string[];
  tick: number | null;
}

let measuring: Promise<{ text: FontStack; handwriting: FontStack }> | null = null;

/** The faces measured outside any document: embedded once per process in a document never written out. */
function measuringFonts(): Promise<{ text: FontStack; handwriting: FontStack }> {
  measuring ??= (async () => {
    const document = await PDFDocument.create();
    document.registerFontkit(subsettingFontkit);
    const embed = faceEmbedder(document);
    return { text: fontStack(embed, textFaces()), handwriting: fontStack(embed, handwritingFaces()) };
  })();
  return measuring;
}

/**
 * The layout the signed PDF will give a value in a box of this size (the default field box where none is
 * given), or null when the box cannot hold all of it at the smallest legible size. What a signer page
 * shows and what the server accepts are both decided here, so they agree with the document.
 */
export async function measureValue(
  value: PlacedValue['value'], size: Pick<PlacedValue, 'width' | 'height'>, language: StampLanguage = 'EN'
): Promise<MeasuredValue | null> {
  const fonts = await measuringFonts();
  const layout = await layOutValue({ ...fonts, words: wordsFor(language) }, value, boxOf(size));
  return layout === null ? null : { size: layout.size, lines: layout.lines.map((line) => line.text), tick: layout.tick };
}
