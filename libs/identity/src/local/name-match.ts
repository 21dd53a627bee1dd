import type { NameMatch } from '../types';

/** A name as a document gives it: the family name apart from the given names. */
export interface DocumentName {
  surname: string;
  givenNames: string;
  /** The document's name field was full: its last word may be cut short (MRZ and AAMVA truncate long names). */
  truncated?: boolean;
}

/** Letters that do not decompose into a base letter and an accent under NFKD. */
const SPECIAL_LETTERS: Record<string, string> = { ß: 'SS', Æ: 'AE', Ø: 'O', Œ: 'OE', Ł: 'L', Đ: 'D', Ð: 'D', Þ: 'TH', Ħ: 'H', Ŧ: 'T', Ŋ: 'N', ı: 'I', ĸ: 'K' };

/**
 * ICAO 9303 part 3's transliterations that differ from dropping the accent: a German passport writes
 * MÜLLER as MUELLER, a Danish one ÅSE as AASE. Both forms are accepted for the expected name's words.
 */
const ICAO_LETTERS: Record<string, string> = { Ä: 'AE', Ö: 'OE', Ü: 'UE', Å: 'AA', Ø: 'OE', Æ: 'AE', Ñ: 'NXX', Ĳ: 'IJ', Þ: 'TH', ß: 'SS' };

function foldLetters(text: string, table: Record<string, string>): string {
  return [...text.toUpperCase()].map((char) => table[char] ?? table[char.toLowerCase()] ?? char).join('');
}

/** Upper case, accents dropped; anything that is not a letter or a digit separates words. */
function words(text: string, table: Record<string, string> = SPECIAL_LETTERS): string[] {
  return foldLetters(text, table)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** The words of a name, ignoring accents, case, punctuation and order (duplicates kept once). */
export function nameWords(text: string): string[] {
  return [...new Set(words(text))];
}

/** An expected word with the spellings a document may give it: accents dropped, or ICAO's transliteration. */
interface ExpectedWord {
  forms: Set<string>;
}

function expectedWords(name: string): ExpectedWord[] {
  // Split once on the raw text so the plain and ICAO spellings of each word stay paired.
  return name
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((raw) => raw.length > 0)
    .flatMap((raw) => {
      const plain = words(raw);
      const icao = words(raw, { ...SPECIAL_LETTERS, ...ICAO_LETTERS });
      // A raw word that folds into several (rare: a letter-digit mix) is taken word by word.
      return plain.map((word, index) => ({ forms: new Set([word, icao[index] ?? word]) }));
    });
}

interface DocumentWord {
  word: string;
  surname: boolean;
  /** The last word of a full name field: an expected word starting with it matches. */
  maybeCut: boolean;
}

function documentWords(name: DocumentName): DocumentWord[] {
  const surname = words(name.surname);
  const given = words(name.givenNames);
  const all: DocumentWord[] = [...surname.map((word) => ({ word, surname: true, maybeCut: false })), ...given.map((word) => ({ word, surname: false, maybeCut: false }))];
  // The MRZ writes the surname first and the given names after it: the cut, if any, is at the end.
  const last = given.length > 0 ? all[all.length - 1] : all[surname.length - 1];
  if (name.truncated && last) last.maybeCut = true;
  return all;
}

const wordMatches = (documentWord: DocumentWord, expected: ExpectedWord) =>
  expected.forms.has(documentWord.word) || (documentWord.maybeCut && [...expected.forms].some((form) => form.startsWith(documentWord.word)));

/**
 * Pairs document words with expected words, each used once, most constrained first (a greedy matching is
 * enough for names: a word matches few others). Returns the expected index of each matched document word.
 */
function pairWords(documentSide: DocumentWord[], expectedSide: ExpectedWord[]): Map<number, number> {
  const pairs = new Map<number, number>();
  const used = new Set<number>();
  const options = documentSide.map((word, index) => ({ index, candidates: expectedSide.flatMap((expected, at) => (wordMatches(word, expected) ? [at] : [])) }));
  options.sort((a, b) => a.candidates.length - b.candidates.length);
  for (const { index, candidates } of options) {
    const free = candidates.find((at) => !used.has(at));
    if (free === undefined) continue;
    used.add(free);
    pairs.set(index, free);
  }
  return pairs;
}

export interface NameMatchOutcome {
  passed: boolean;
  /** Share of the longer name's words found in the other (0-1): the evidence's score for the step. */
  score: number;
}

/**
 * Whether the document's name is the expected one, ignoring accents, case, punctuation and word order:
 * - STRICT: the same words on both sides (each document word matches one expected word and none is left);
 * - MODERATE: every word of the shorter name is in the longer one (a middle name, or a second surname, may
 *   be missing on either side), and at least one word of the document's surname is in the expected name;
 * - LENIENT: at least one word of the document's surname is in the expected name, and the first given
 *   name's initial is the initial of another expected word (a nickname or a shortened first name passes).
 */
export function matchName(documentName: DocumentName, expectedName: string, strictness: NameMatch): NameMatchOutcome {
  const documentSide = documentWords(documentName);
  const expectedSide = expectedWords(expectedName);
  if (documentSide.length === 0 || expectedSide.length === 0) return { passed: false, score: 0 };
  const pairs = pairWords(documentSide, expectedSide);
  const matched = pairs.size;
  const score = Math.round((matched / Math.max(documentSide.length, expectedSide.length)) * 100) / 100;
  const surnameFound = documentSide.some((word, index) => word.surname && pairs.has(index));

  if (strictness === 'STRICT') return { passed: matched === documentSide.length && matched === expectedSide.length, score };
  if (strictness === 'MODERATE') return { passed: surnameFound && matched === Math.min(documentSide.length, expectedSide.length), score };

  if (!surnameFound) return { passed: false, score };
  const firstGiven = documentSide.findIndex((word) => !word.surname);
  if (firstGiven === -1) return { passed: true, score };
  const surnameSlots = new Set([...pairs].filter(([index]) => documentSide[index]?.surname).map(([, at]) => at));
  const initial = documentSide[firstGiven]!.word[0];
  const initialFound = expectedSide.some((expected, at) => !surnameSlots.has(at) && [...expected.forms].some((form) => form[0] === initial));
  return { passed: initialFound, score };
}
