import { isId, isStorableInstant, unstorableInput } from './input-limits';

describe('unstorableInput', () => {
  it('names each NUL in a value or a key, and nesting deeper than the limit, without recursing', () => {
    expect(unstorableInput({ a: ['ok', 'x\u0000'], ['k\u0000']: 1 })).toEqual([
      { field: 'k\\u0000', message: 'names must not contain NUL characters' },
      { field: 'a.1', message: 'must not contain NUL characters' }
    ]);
    let deep: unknown = 'x';
    for (let level = 0; level < 200_000; level++) deep = [deep];
    expect(unstorableInput(deep)).toEqual([{ field: Array(16).fill('0').join('.'), message: 'nests deeper than 16 levels' }]);
    expect(unstorableInput({ settings: { localization: { es: { emails: { email_validation: { subject: 'Hola' } } } } } })).toEqual([]);
  });
});

describe('isStorableInstant and isId', () => {
  it('take only ISO 8601 UTC instants on real dates that PostgreSQL accepts, and UUIDs', () => {
    expect(['2026-03-07T10:00:00.123456Z', '0001-01-01T00:00:00Z', '2024-02-29T23:59:59.5Z'].filter(isStorableInstant)).toHaveLength(3);
    expect(['1', 'March 7', '+275760-09-13T00:00:00.000Z', '2026-02-30T00:00:00Z', '2026-03-07 10:00:00+00', '0000-01-01T00:00:00Z'].filter(isStorableInstant)).toEqual([]);
    expect(isId('0190f2a4-1b2c-7d3e-8f40-123456789abc')).toBe(true);
    expect(['', 'a\u0000b', 'not-an-id', '0190f2a4-1b2c-7d3e-8f40-123456789abcd'].filter(isId)).toEqual([]);
  });
});
