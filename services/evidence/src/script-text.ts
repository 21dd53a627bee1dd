import type PDFDocument from 'pdfkit';
import { boldTextFaces, type FontFace, textFaces } from '@signet/signed-pdf';

type Doc = InstanceType<typeof PDFDocument>;
type TextOptions = PDFKit.Mixins.TextOptions;

const REPLACEMENT = '\uFFFD';

/**
 * Writes text in any script the evidence sheet may hold (names, emails, user agents): each character in
 * the first Noto face that has it (Latin, Greek, Cyrillic, then CJK), embedded as subsets by pdfkit, so
 * "Łukasz Żółć 王伟" is text a reader and pdftotext can copy, not WinAnsi mojibake.
 */
export function scriptText(doc: Doc) {
  const registered = new Set<string>();
  const regular = textFaces();
  const bold = boldTextFaces();

  function use(face: FontFace): string {
    if (!registered.has(face.file)) {
      doc.registerFont(face.file, Buffer.from(face.bytes));
      registered.add(face.file);
    }
    return face.file;
  }

  function runs(text: string, faces: FontFace[]): Array<{ face: FontFace; text: string }> {
    const found: Array<{ face: FontFace; text: string }> = [];
    for (const character of text.normalize('NFC')) {
      const codePoint = character.codePointAt(0)!;
      const face = faces.find((candidate) => candidate.covers(codePoint));
      const shown = face ? character : REPLACEMENT;
      const chosen = face ?? faces.find((candidate) => candidate.covers(REPLACEMENT.codePointAt(0)!)) ?? faces[0]!;
      const last = found.at(-1);
      if (last && (last.face === chosen || (character === ' ' && last.face.covers(32)))) last.text += shown;
      else found.push({ face: chosen, text: shown });
    }
    return found;
  }

  /** Writes `text`, switching fonts within it as needed; `continued` keeps the line open after it. */
  function write(text: string, options: { bold?: boolean; continued?: boolean } & TextOptions = {}): void {
    const { bold: isBold, continued, ...rest } = options;
    const pieces = runs(text === '' ? ' ' : text, isBold ? bold : regular);
    pieces.forEach((piece, index) => {
      doc.font(use(piece.face)).text(piece.text, { ...rest, continued: index < pieces.length - 1 || continued === true });
    });
  }

  return { write };
}
