import { matchName, nameWords } from './name-match';

const passport = (surname: string, givenNames: string, truncated = false) => ({ surname, givenNames, truncated });

describe('nameWords', () => {
  it('drops accents, case and punctuation', () => {
    expect(nameWords("Zoë O'Brien-Łukasiewicz")).toEqual(['ZOE', 'O', 'BRIEN', 'LUKASIEWICZ']);
    expect(nameWords('  José   María, GARCÍA  ')).toEqual(['JOSE', 'MARIA', 'GARCIA']);
  });
});

describe('matchName', () => {
  it('ignores accents, case, punctuation and word order at every strictness', () => {
    for (const strictness of ['STRICT', 'MODERATE', 'LENIENT'] as const) {
      expect(matchName(passport('GARCIA', 'JOSE MARIA'), 'garcía, José-María', strictness).passed).toBe(true);
      expect(matchName(passport('GARCIA', 'JOSE MARIA'), 'María José García', strictness).passed).toBe(true);
    }
  });

  it("accepts ICAO's transliteration of the expected name (MÜLLER as MUELLER) as well as the accent dropped", () => {
    expect(matchName(passport('MUELLER', 'JUERGEN'), 'Jürgen Müller', 'STRICT').passed).toBe(true);
    expect(matchName(passport('MULLER', 'JURGEN'), 'Jürgen Müller', 'STRICT').passed).toBe(true);
    expect(matchName(passport('AASE', 'BJOERN'), 'Bjørn Åse', 'STRICT').passed).toBe(true);
  });

  it('STRICT wants the same words on both sides', () => {
    expect(matchName(passport('COLLINS', 'EILEEN MARIE'), 'Eileen Marie Collins', 'STRICT')).toEqual({ passed: true, score: 1 });
    expect(matchName(passport('COLLINS', 'EILEEN MARIE'), 'Eileen Collins', 'STRICT').passed).toBe(false);
    expect(matchName(passport('COLLINS', 'EILEEN'), 'Eileen Marie Collins', 'STRICT').passed).toBe(false);
  });

  it('MODERATE lets a middle name be missing on either side, never the surname', () => {
    expect(matchName(passport('COLLINS', 'EILEEN MARIE'), 'Eileen Collins', 'MODERATE')).toEqual({ passed: true, score: 0.67 });
    expect(matchName(passport('COLLINS', 'EILEEN'), 'Eileen Marie Collins', 'MODERATE').passed).toBe(true);
    // Every word of the shorter name is in the longer one, but the document's surname is not.
    expect(matchName(passport('COLLINS', 'EILEEN MARIE'), 'Eileen Marie', 'MODERATE').passed).toBe(false);
    expect(matchName(passport('COLLINS', 'EILEEN'), 'Eileen Smith', 'MODERATE').passed).toBe(false);
    expect(matchName(passport('COLLINS', 'EILEEN'), 'Elaine Collins', 'MODERATE').passed).toBe(false);
    // One of two surnames is enough.
    expect(matchName(passport('GARCIA LOPEZ', 'ANA'), 'Ana García', 'MODERATE').passed).toBe(true);
  });

  it('LENIENT wants the surname and the first initial', () => {
    expect(matchName(passport('COLLINS', 'EILEEN MARIE'), 'E. Collins', 'LENIENT').passed).toBe(true);
    expect(matchName(passport('COLLINS', 'ELIZABETH'), 'Liz Collins', 'LENIENT').passed).toBe(false);
    expect(matchName(passport('COLLINS', 'ELIZABETH'), 'Eliza Collins', 'LENIENT').passed).toBe(true);
    expect(matchName(passport('COLLINS', 'EILEEN'), 'Eileen Smith', 'LENIENT').passed).toBe(false);
    // The surname's own word does not count as the initial.
    expect(matchName(passport('COLLINS', 'CAROL'), 'Collins', 'LENIENT').passed).toBe(false);
  });

  it('takes a cut-short last word of a full name field as a prefix', () => {
    const cut = passport('WOLFESCHLEGELSTEINHAUSEN', 'HUBERT BLAINE BARTHOLOM', true);
    expect(matchName(cut, 'Hubert Blaine Bartholomew Wolfeschlegelsteinhausen', 'STRICT').passed).toBe(true);
    expect(matchName({ ...cut, truncated: false }, 'Hubert Blaine Bartholomew Wolfeschlegelsteinhausen', 'STRICT').passed).toBe(false);
  });

  it('never matches an empty name', () => {
    expect(matchName(passport('', ''), 'Eileen Collins', 'LENIENT').passed).toBe(false);
    expect(matchName(passport('COLLINS', 'EILEEN'), ' - ', 'LENIENT').passed).toBe(false);
  });
});
