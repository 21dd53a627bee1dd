import type { PDFDocument, PDFImage } from 'pdf-lib';
import { handwritingFaces, textFaces } from './fonts/font-faces';
import { faceEmbedder, fontStack, type FontStack } from './fonts/font-stack';
import { signatureImages } from './signature-images';
import type { StampLanguage } from './types';
import { wordsFor, type Words } from './words';

/** What every drawing step of one document shares, so fonts and images are embedded once. */
export interface StampContext {
  text: FontStack;
  handwriting: FontStack;
  image(bytes: Uint8Array): Promise<PDFImage>;
  words: Words;
}

export function stampContext(document: PDFDocument, language: StampLanguage): StampContext {
  const embed = faceEmbedder(document);
  return {
    text: fontStack(embed, textFaces()),
    handwriting: fontStack(embed, handwritingFaces()),
    image: signatureImages(document),
    words: wordsFor(language)
  };
}
