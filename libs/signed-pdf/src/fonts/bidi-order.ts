import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

/** Letters of the scripts fontkit lays out right to left itself (it reverses their glyphs while shaping). */
const RTL_SCRIPT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/** The bidi embedding level of each code point of a line, its direction taken from its first strong character. */
export function codePointLevels(text: string): number[] {
  const { levels } = bidi.getEmbeddingLevels(text);
  const result: number[] = [];
  let index = 0;
  for (const character of text) {
    result.push(levels[index] ?? 0);
    index += character.length;
  }
  return result;
}

/**
 * Puts runs, given in logical order with their levels, in the order they are drawn left to right
 * (Unicode bidi rule L2). A right-to-left run in an Arabic or Hebrew script stays as it is (fontkit's
 * shaping reverses it); any other right-to-left run (spaces, punctuation between Arabic words) is reversed
 * here, its brackets mirrored.
 */
export function visualOrder<T extends { text: string; level: number }>(runs: T[]): T[] {
  const ordered = [...runs];
  const highest = Math.max(0, ...ordered.map((run) => run.level));
  const lowestOdd = Math.min(...ordered.map((run) => run.level).filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < ordered.length; start++) {
      if (ordered[start]!.level < level) continue;
      let end = start;
      while (end + 1 < ordered.length && ordered[end + 1]!.level >= level) end++;
      ordered.splice(start, end - start + 1, ...ordered.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return ordered.map((run) => (run.level % 2 === 1 && !RTL_SCRIPT.test(run.text)
    ? { ...run, text: [...run.text].reverse().map((character) => bidi.getMirroredCharacter(character) ?? character).join('') }
    : run));
}
