import { readFileSync } from 'node:fs';
import * as fontkit from '@pdf-lib/fontkit';
import { sfntOf } from './woff-to-sfnt';

/**
 * One file of a font family. Fontsource splits each family by script; pdf-lib embeds WOFF (not WOFF2,
 * whose transformed glyph table @pdf-lib/fontkit cannot subset), so each file covers one script.
 */
export interface FontFace {
  /** The file, as a key to embed it by (pdfkit registers fonts by name). */
  file: string;
  bytes: Uint8Array;
  covers(codePoint: number): boolean;
}

/** Dancing Script looks most like a signature; Caveat, also handwriting, adds the Cyrillic it lacks. */
const HANDWRITING_FILES = [
  ...['latin', 'latin-ext', 'vietnamese'].map(
    (subset) => `@fontsource/dancing-script/files/dancing-script-${subset}-400-normal.woff`
  ),
  ...['cyrillic', 'cyrillic-ext'].map((subset) => `@fontsource/caveat/files/caveat-${subset}-400-normal.woff`)
];

const TEXT_FILES = [
  ...['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'].map(
    (subset) => `@fontsource/noto-sans/files/noto-sans-${subset}-400-normal.woff`
  ),
  // Chinese (simplified, and the traditional forms it shares) and Japanese kana: one 1.5 MB file, of
  // which a document embeds only the glyphs it uses.
  '@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff',
  // Korean Hangul (0.8 MB), after the Chinese face so Hanja shared with Chinese keep one look.
  '@fontsource/noto-sans-kr/files/noto-sans-kr-korean-400-normal.woff',
  // Arabic (0.1 MB), shaped (joined letters, ligatures) by fontkit's layout as the text is drawn.
  '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff'
];

/** Noto Sans Bold for headings and labels; the regular Chinese file stands in for a bold one. */
const BOLD_TEXT_FILES = [
  ...['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'].map(
    (subset) => `@fontsource/noto-sans/files/noto-sans-${subset}-700-normal.woff`
  ),
  '@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff',
  '@fontsource/noto-sans-kr/files/noto-sans-kr-korean-700-normal.woff',
  '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff'
];

const loaded = new Map<string, FontFace>();

/** Files are read, unwrapped from WOFF and parsed once per process; embedding them is per document. */
function face(file: string): FontFace {
  let found = loaded.get(file);
  if (!found) {
    const bytes = sfntOf(readFileSync(require.resolve(file)));
    const font = fontkit.create(bytes);
    found = { file, bytes, covers: (codePoint) => font.hasGlyphForCodePoint(codePoint) };
    loaded.set(file, found);
  }
  return found;
}

/** Noto Sans (and Noto Sans SC, KR and Arabic), for names, captions and labels in Latin, Cyrillic, Greek, CJK and Arabic scripts. */
export function textFaces(): FontFace[] {
  return TEXT_FILES.map(face);
}

/** Noto Sans Bold, then the same fallbacks as `textFaces`. */
export function boldTextFaces(): FontFace[] {
  return BOLD_TEXT_FILES.map(face);
}

/**
 * The font files of a value's text and of handwriting (INITIALS), in the order the stack tries them: a
 * signer page that shows values as the document draws them loads these same files in this order.
 */
export function valueFontFiles(): { text: string[]; handwriting: string[] } {
  return { text: TEXT_FILES.map((file) => require.resolve(file)), handwriting: [...HANDWRITING_FILES, ...TEXT_FILES].map((file) => require.resolve(file)) };
}

/** For WRITTEN signatures: handwriting faces, then Noto Sans for the scripts they lack (Greek). */
export function handwritingFaces(): FontFace[] {
  return [...HANDWRITING_FILES.map(face), ...textFaces()];
}
