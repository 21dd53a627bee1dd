import * as fontkit from '@pdf-lib/fontkit';

type Fontkit = typeof fontkit;
interface Subset { glyf: Uint8Array[]; offset: number; _addGlyph(gid: number): number }

/**
 * @pdf-lib/fontkit with one fix to its TrueType subsetter. The subsetter copies each glyph's bytes as
 * they are and writes a short `loca` table (offsets stored halved) whenever the subset is small; the
 * Noto Sans Arabic, SC and KR files store glyphs of odd length, so every glyph after one of them was
 * read from a wrong offset and drew nothing (a joined Arabic name showed only its alef). Each glyph is
 * padded to an even length, as TrueType asks, so halved offsets stay exact.
 */
export const subsettingFontkit: Fontkit = {
  ...fontkit,
  create(...args: Parameters<Fontkit['create']>) {
    const font = fontkit.create(...args);
    // The subsetter's internals (its glyph list and running offset) are not in the type definitions.
    const patchable = font as unknown as { createSubset(): Subset };
    const createSubset = patchable.createSubset.bind(font);
    patchable.createSubset = () => {
      const subset = createSubset();
      const addGlyph = subset._addGlyph.bind(subset);
      subset._addGlyph = (gid: number) => {
        const index = addGlyph(gid);
        const bytes = subset.glyf[index]!;
        if (bytes.length % 2 === 1) {
          // Of the subsetter's own Buffer class (a browser polyfill), which its encoder insists on.
          const padded = (bytes.constructor as unknown as { alloc(size: number): Uint8Array }).alloc(bytes.length + 1);
          padded.set(bytes);
          subset.glyf[index] = padded;
          subset.offset += 1;
        }
        return index;
      };
      return subset;
    };
    return font;
  }
} as Fontkit;
