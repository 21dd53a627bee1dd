/**
 * ICAO 9303 MRZ lines for test documents, with real check digits. Hand-written (a few lines of the
 * standard) rather than taken from `mrz`, which only parses: the engine then checks these lines with an
 * independent implementation.
 */

/** Σ value × 7, 3, 1 (repeating) mod 10, where 0-9 are themselves, A-Z are 10-35 and '<' is 0. */
export function mrzCheckDigit(text: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    const value = char === '<' ? 0 : /[0-9]/.test(char) ? Number(char) : char.charCodeAt(0) - 55;
    sum += value * weights[index % 3]!;
  }
  return String(sum % 10);
}

/** A name or code in the MRZ alphabet: upper case, accents dropped, anything else a filler. */
export function mrzText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '<');
}

const pad = (text: string, length: number) => text.slice(0, length).padEnd(length, '<');
/** YYYY-MM-DD as the MRZ's YYMMDD. */
const yymmdd = (date: string) => `${date.slice(2, 4)}${date.slice(5, 7)}${date.slice(8, 10)}`;

export interface MrzPerson {
  surname: string;
  givenNames: string;
  /** The document number, at most 9 characters here. */
  number: string;
  /** Issuing state, ICAO three-letter code (FRA, NLD, D, ...). */
  country: string;
  /** Nationality; the issuing state by default. */
  nationality?: string;
  /** YYYY-MM-DD. */
  birth: string;
  /** YYYY-MM-DD. */
  expiry: string;
  sex: 'M' | 'F' | 'X';
}

const nameField = (person: MrzPerson, length: number) => pad(`${mrzText(person.surname)}<<${mrzText(person.givenNames)}`, length);
const sexCode = (sex: MrzPerson['sex']) => (sex === 'X' ? '<' : sex);

/** A passport's two lines of 44 (TD3), every check digit computed. */
export function td3Lines(person: MrzPerson): [string, string] {
  const line1 = `P<${pad(mrzText(person.country), 3)}${nameField(person, 39)}`;
  const number = pad(mrzText(person.number), 9);
  const birth = yymmdd(person.birth);
  const expiry = yymmdd(person.expiry);
  const personal = pad('', 14);
  const numberPart = number + mrzCheckDigit(number);
  const birthPart = birth + mrzCheckDigit(birth);
  const expiryPart = expiry + mrzCheckDigit(expiry);
  const personalPart = personal + mrzCheckDigit(personal);
  const composite = mrzCheckDigit(numberPart + birthPart + expiryPart + personalPart);
  const line2 = numberPart + pad(mrzText(person.nationality ?? person.country), 3) + birthPart + sexCode(person.sex) + expiryPart + personalPart + composite;
  return [line1, line2];
}

/** An identity card's three lines of 30 (TD1), every check digit computed. */
export function td1Lines(person: MrzPerson): [string, string, string] {
  const number = pad(mrzText(person.number), 9);
  const optional1 = pad('', 15);
  const line1 = `I<${pad(mrzText(person.country), 3)}${number}${mrzCheckDigit(number)}${optional1}`;
  const birth = yymmdd(person.birth);
  const expiry = yymmdd(person.expiry);
  const optional2 = pad('', 11);
  const start = `${birth}${mrzCheckDigit(birth)}${sexCode(person.sex)}${expiry}${mrzCheckDigit(expiry)}${pad(mrzText(person.nationality ?? person.country), 3)}${optional2}`;
  const composite = mrzCheckDigit(line1.slice(5, 30) + start.slice(0, 7) + start.slice(8, 15) + optional2);
  const line2 = start + composite;
  const line3 = nameField(person, 30);
  return [line1, line2, line3];
}

/**
 * The character at `index` of `line` replaced by another of its class (a digit by the next digit, a
 * letter by the next letter, a filler by 'X'): what one misprinted or forged character looks like.
 */
export function flipCharacter(line: string, index: number): string {
  const char = line[index];
  if (char === undefined) throw new RangeError(`No character at ${index} in a line of ${line.length}`);
  const flipped = /[0-9]/.test(char) ? String((Number(char) + 1) % 10) : char === '<' ? 'X' : String.fromCharCode(((char.charCodeAt(0) - 65 + 1) % 26) + 65);
  return line.slice(0, index) + flipped + line.slice(index + 1);
}
