import { normalisePhone } from './phone-number';

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
});
