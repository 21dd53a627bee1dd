import type PDFDocument from 'pdfkit';
import { boldTextFaces, codePointLevels, type FontFace, textFaces, visualOrder } from '@signet/signed-pdf';

type Doc = InstanceType<typeof PDFDocument>;
type TextOptions = PDFKit.Mixins.TextOptions;

/** A stretch of a line in one weight. */
export interface TextPart {
  text: string;
  bold?: boolean;
}

const REPLACEMENT = '\uFFFD';
/** Bidi format characters (marks, embeddings, isolates): they order a line, and are not drawn. */
const BIDI_CONTROL = /^[\u200E\u200F\u202A-\u202E\u2066-\u2069]$/;
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const RTL_SCRIPT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/**
 * Writes text in any script the evidence sheet may hold (names, emails, user agents): each character in
 * the first Noto face that has it (Latin, Greek, Cyrillic, CJK, Arabic), embedded as subsets by pdfkit, so
 * "Łukasz Żółć 王伟" is text a reader and pdftotext can copy, not WinAnsi mojibake. Runs are put in
 * visual order by the Unicode bidi algorithm and Arabic is shaped by fontkit as pdfkit lays it out; a
 * line with right-to-left letters carries its reading-order text as /ActualText.
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

  function pieces(parts: TextPart[]): Array<{ face: FontFace; text: string; level: number }> {
    const line = parts.map((part) => part.text.normalize('NFC')).join('');
    const levels = codePointLevels(line);
    const found: Array<{ face: FontFace; text: string; level: number }> = [];
    let index = 0;
    for (const part of parts) {
      const faces = part.bold ? bold : regular;
      for (const character of part.text.normalize('NFC')) {
        const level = levels[index++] ?? 0;
        if (BIDI_CONTROL.test(character)) continue;
        const face = faces.find((candidate) => candidate.covers(character.codePointAt(0)!));
        const shown = face ? character : REPLACEMENT;
        const chosen = face ?? faces.find((candidate) => candidate.covers(REPLACEMENT.codePointAt(0)!)) ?? faces[0]!;
        const last = found.at(-1);
        // Right to left, a space is a run of its own: within a shaped run pdfkit drops its advance.
        const apart = level % 2 === 1 && (character === ' ' || last?.text === ' ');
        if (last && !apart && last.level === level && (last.face === chosen || (character === ' ' && last.face.covers(32)))) last.text += shown;
        else found.push({ face: chosen, text: shown, level });
      }
    }
    return visualOrder(found);
  }

  /**
   * Writes a line (one string, or parts in different weights); `continued` keeps the line open after it;
   * `inset` moves it in from the margin it starts at (the left one, or the right one when right-aligned).
   */
  function write(text: string | TextPart[], options: { bold?: boolean; continued?: boolean; inset?: number } & TextOptions = {}): void {
    const { bold: isBold, continued, inset = 0, ...rest } = options;
    const parts = typeof text === 'string' ? [{ text, bold: isBold }] : text;
    const logical = parts.map((part) => part.text).join('').replace(BIDI_CONTROLS, '');
    const runs = pieces(logical === '' ? [{ text: ' ', bold: isBold }] : parts);
    const actualText = RTL_SCRIPT.test(logical);
    const { align, ...flow } = rest;
    // The line starts on the page it fits on: pdfkit checks each run against the page's end on its own,
    // and would put a run in a taller face (Arabic, CJK) on the next page, away from the rest of its line.
    const lineHeight = Math.max(...runs.map((run) => doc.font(use(run.face)).currentLineHeight(true)));
    if (doc.y + lineHeight > doc.page.maxY()) doc.addPage();
    const left = doc.page.margins.left;
    const available = doc.page.width - left - doc.page.margins.right - inset;
    // Right-aligned by hand: pdfkit aligns each continued run on its own, which would stack the runs.
    if (align === 'right') {
      const width = runs.reduce((total, run) => total + doc.font(use(run.face)).widthOfString(run.text), 0);
      if (width < available) doc.x = left + available - width;
    } else {
      doc.x = left + inset;
    }
    if (actualText) doc.markContent('Span', { actual: logical });
    runs.forEach((run, index) => {
      doc.font(use(run.face)).text(run.text, { ...flow, ...(align && align !== 'right' ? { align } : {}), continued: index < runs.length - 1 || continued === true });
    });
    if (actualText) doc.endMarkedContent();
    doc.x = left;
  }

  return { write };
}
