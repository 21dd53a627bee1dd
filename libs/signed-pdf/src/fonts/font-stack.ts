import type { PDFDocument, PDFFont } from 'pdf-lib';
import { codePointLevels, visualOrder } from './bidi-order';
import type { FontFace } from './font-faces';

/** A stretch of text that one embedded font draws. */
export interface TextRun {
  font: PDFFont;
  text: string;
}

export interface ShapedText {
  /** The text in logical (reading) order. */
  text: string;
  /** The runs in the order they are drawn, left to right (right-to-left scripts reordered by the bidi algorithm). */
  runs: TextRun[];
  widthAt(size: number): number;
}

/** Turns strings into runs of the first face that has each character, embedding faces on first use. */
export type FontStack = (text: string) => Promise<ShapedText>;

const REPLACEMENT = '\uFFFD';

export type EmbedFace = (face: FontFace) => Promise<PDFFont>;

/**
 * Faces are embedded (subset) only when a document uses them, and once however many stacks share them,
 * so a Latin-only document carries one small font per family.
 */
export function faceEmbedder(document: PDFDocument): EmbedFace {
  const embedded = new Map<FontFace, Promise<PDFFont>>();
  return (face) => {
    let font = embedded.get(face);
    if (!font) {
      font = document.embedFont(face.bytes, { subset: true });
      embedded.set(face, font);
    }
    return font;
  };
}

/**
 * A character no face has becomes U+FFFD rather than an invisible .notdef. Runs split where the face or
 * the bidi level changes, and are drawn in visual order, so "توقيع · Ana" and "Signature · محمد أحمد"
 * read right; each run is shaped by fontkit as pdf-lib draws it.
 */
export function fontStack(embed: EmbedFace, faces: FontFace[]): FontStack {
  const faceFor = (character: string) => faces.find((face) => face.covers(character.codePointAt(0)!));

  return async (text) => {
    const line = singleLine(text);
    const levels = codePointLevels(line);
    const pieces: Array<{ face: FontFace; text: string; level: number }> = [];
    let logical = '';
    [...line].forEach((character, index) => {
      const face = faceFor(character) ?? faceFor(REPLACEMENT);
      if (!face) return;
      const shown = face.covers(character.codePointAt(0)!) ? character : REPLACEMENT;
      const level = levels[index] ?? 0;
      logical += shown;
      const last = pieces[pieces.length - 1];
      // A space belongs to whatever run it is in, so "Łucja Núñez" does not switch fonts around it.
      if (last && last.level === level && (last.face === face || (character === ' ' && last.face.covers(32)))) last.text += shown;
      else pieces.push({ face, text: shown, level });
    });
    const runs = await Promise.all(visualOrder(pieces).map(async (piece) => ({ font: await embed(piece.face), text: piece.text })));
    return {
      text: logical,
      runs,
      widthAt: (size) => runs.reduce((width, run) => width + run.font.widthOfTextAtSize(run.text, size), 0)
    };
  };
}

/** Decomposed accents are composed (the fonts map composed letters), and control characters are spaces. */
function singleLine(text: string): string {
  return text.normalize('NFC').replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
}
