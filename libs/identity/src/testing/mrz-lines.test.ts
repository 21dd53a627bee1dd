import { flipCharacter, mrzCheckDigit, td1Lines, td3Lines } from './mrz-lines';

describe('MRZ lines for test documents', () => {
  it("computes ICAO 9303's check digits (the specimens' own digits)", () => {
    // ICAO 9303 part 5's TD1 specimen: D23145890 → 7, 740812 → 2, 120415 → 9.
    expect(mrzCheckDigit('D23145890')).toBe('7');
    expect(mrzCheckDigit('740812')).toBe('2');
    expect(mrzCheckDigit('120415')).toBe('9');
    // Part 4's TD3 specimen: L898902C3 → 6.
    expect(mrzCheckDigit('L898902C3')).toBe('6');
  });

  it('lays out TD3 (2 × 44) and TD1 (3 × 30)', () => {
    const person = { surname: 'van der Steen', givenNames: 'Marianne Louise', number: 'SPECI2021', country: 'NLD', birth: '1965-03-10', expiry: '2031-08-02', sex: 'F' } as const;
    expect(td3Lines(person)).toEqual(['P<NLDVAN<DER<STEEN<<MARIANNE<LOUISE<<<<<<<<<', 'SPECI20212NLD6503101F3108022<<<<<<<<<<<<<<08']);
    expect(td1Lines(person)).toEqual(['I<NLDSPECI20212<<<<<<<<<<<<<<<', '6503101F3108022NLD<<<<<<<<<<<8', 'VAN<DER<STEEN<<MARIANNE<LOUISE']);
  });

  it('flips one character within its class', () => {
    expect(flipCharacter('AB9<', 2)).toBe('AB0<');
    expect(flipCharacter('AB9<', 1)).toBe('AC9<');
    expect(flipCharacter('AB9<', 3)).toBe('AB9X');
  });
});
