import { readFileSync } from 'node:fs';
import * as fontkit from '@pdf-lib/fontkit';

/**
 * One file of a font family. Fontsource splits each family by script; pdf-lib embeds WOFF (not WOFF2,
 * whose transformed glyph table @pdf-lib/fontkit cannot subset), so each file covers one script.
 */
export interface FontFace {
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

const TEXT_FILES = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'].map(
  (subset) => `@fontsource/noto-sans/files/noto-sans-${subset}-400-normal.woff`
);

const loaded = new Map<string, FontFace>();

/** Files are read and parsed once per process; embedding them is per document. */
function face(file: string): FontFace {
  let found = loaded.get(file);
  if (!found) {
    const bytes = readFileSync(require.resolve(file));
    const font = fontkit.create(bytes);
    found = { bytes, covers: (codePoint) => font.hasGlyphForCodePoint(codePoint) };
    loaded.set(file, found);
  }
  return found;
}

/** Noto Sans, for names, captions and labels in any Latin, Cyrillic or Greek script. */
export function textFaces(): FontFace[] {
  return TEXT_FILES.map(face);
}

/** For WRITTEN signatures: handwriting faces, then Noto Sans for the scripts they lack (Greek). */
export function handwritingFaces(): FontFace[] {
  return [...HANDWRITING_FILES.map(face), ...textFaces()];
}
