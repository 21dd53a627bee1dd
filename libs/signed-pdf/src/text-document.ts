import { grayscale, PDFDocument } from 'pdf-lib';
import { drawText } from './draw-text';
import { boldTextFaces, textFaces } from './fonts/font-faces';
import { faceEmbedder, fontStack } from './fonts/font-stack';
import { subsettingFontkit } from './fonts/subsetting-fontkit';
import { pageFrame, type PageFrame } from './page-frame';
import { paragraphLines } from './paragraph-lines';
import { LINE_SPACING } from './text-layout';

/** How a block of the document reads: its size and weight, and the room left before and after it. */
const STYLES = {
  title: { size: 16, bold: true, before: 0, after: 10 },
  heading: { size: 11.5, bold: true, before: 4, after: 3 },
  paragraph: { size: 10, bold: false, before: 0, after: 8 },
  code: { size: 20, bold: true, before: 12, after: 6 }
} as const;

export type TextBlockStyle = keyof typeof STYLES;

export interface TextBlock {
  text: string;
  style: TextBlockStyle;
}

export interface TextDocumentInput {
  /** The document's title (its metadata; the first block is usually the same text as a `title`). */
  title: string;
  blocks: TextBlock[];
  /** The BCP 47 tag of the text's language; right-to-left text is right-aligned. */
  language: { tag: string; direction: 'ltr' | 'rtl' };
}

/** US Letter, since the documents this makes are read and printed in the United States first. */
const PAGE: [number, number] = [612, 792];
const MARGIN = 56;

/**
 * A plain text document: blocks of text on US Letter pages, wrapped where lines may break, in any script Signet draws (each
 * character in the first Noto face that has it, Arabic shaped and right-aligned with its reading order as
 * /ActualText), so a reader and `pdftotext` find the words as written.
 */
export async function textDocument(input: TextDocumentInput): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.registerFontkit(subsettingFontkit);
  document.setTitle(input.title);
  document.setLanguage(input.language.tag);
  document.setProducer('Signet');
  document.setCreator('Signet');
  const embed = faceEmbedder(document);
  const fonts = { regular: fontStack(embed, textFaces()), bold: fontStack(embed, boldTextFaces()) };
  let frame: PageFrame = pageFrame(document.addPage(PAGE));
  let top = MARGIN;
  const width = frame.width - 2 * MARGIN;
  for (const block of input.blocks) {
    const style = STYLES[block.style];
    const lineHeight = style.size * LINE_SPACING;
    top += style.before;
    for (const line of await paragraphLines(style.bold ? fonts.bold : fonts.regular, block.text, style.size, width)) {
      if (top + lineHeight > frame.height - MARGIN) {
        frame = pageFrame(document.addPage(PAGE));
        top = MARGIN;
      }
      const left = input.language.direction === 'rtl' ? MARGIN + width - line.widthAt(style.size) : MARGIN;
      drawText(frame, line, left, top + style.size, { size: style.size, color: grayscale(0) });
      top += lineHeight;
    }
    top += style.after;
  }
  return document.save();
}
