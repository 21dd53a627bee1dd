import type { PDFDocument, PDFImage } from 'pdf-lib';
import { handwritingFaces, textFaces } from './fonts/font-faces';
import { faceEmbedder, fontStack, type FontStack } from './fonts/font-stack';
import { signatureImages } from './signature-images';
import type { StampLanguage, StampStyle } from './types';
import { wordsFor, type Words } from './words';

/** What every drawing step of one document shares, so fonts and images are embedded once. */
export interface StampContext {
  text: FontStack;
  handwriting: FontStack;
  image(bytes: Uint8Array): Promise<PDFImage>;
  words: Words;
  style: StampStyle;
  /** The embedded `signature.bg_image`, or null when there is none to draw. */
  background: PDFImage | null;
}

export function stampContext(
  document: PDFDocument,
  language: StampLanguage,
  look: { style: StampStyle; background: PDFImage | null } = { style: 'SIMPLE', background: null }
): StampContext {
  const embed = faceEmbedder(document);
  return {
    text: fontStack(embed, textFaces()),
    handwriting: fontStack(embed, handwritingFaces()),
    image: signatureImages(document),
    words: wordsFor(language),
    style: look.style,
    background: look.background
  };
}
