import { maskPhone, normalisePhone } from './phone-number';

describe('recipient phone numbers', () => {
  it('are normalised to E.164 from the usual international spellings', () => {
    expect(normalisePhone('+34 612 34 56 78')).toBe('+34612345678');
    expect(normalisePhone('0034 612-345-678')).toBe('+34612345678');
    expect(normalisePhone('+1 (415) 555-2671')).toBe('+14155552671');
    expect(normalisePhone('+44 7400 123456')).toBe('+447400123456');
  });

  it('are refused when national (no country to assume) or not a number of their country', () => {
    expect(normalisePhone('612 345 678')).toBeNull();
    expect(normalisePhone('+34 123')).toBeNull();
    expect(normalisePhone('+1 000 000 0000')).toBeNull();
    expect(normalisePhone('+999 1234567')).toBeNull();
  });

  it('are shown masked: the country code and the last two digits, never the length or the rest', () => {
    expect(maskPhone('+34612345678')).toBe('+34 ••••78');
    expect(maskPhone('+14155552671')).toBe('+1 ••••71');
    expect(maskPhone('+447400123456')).toBe('+44 ••••56');
  });
});
