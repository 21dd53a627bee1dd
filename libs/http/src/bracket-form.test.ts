import { AppError } from './app-error';
import { parseBracketForm } from './bracket-form';

function errorOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('parseBracketForm', () => {
  it('nests bracket paths', () => {
    const tree = parseBracketForm([
      ['name', 'Contract'],
      ['recipients[signer_1][email]', 'ana@example.com'],
      ['settings[localization][es][emails][email_validation][subject]', 'Código'],
      ['documents[0][name]', 'a.pdf']
    ]);
    expect(tree).toEqual({
      name: 'Contract',
      recipients: { signer_1: { email: 'ana@example.com' } },
      settings: { localization: { es: { emails: { email_validation: { subject: 'Código' } } } } },
      documents: { '0': { name: 'a.pdf' } }
    });
  });

  it.each(['a[__proto__][x]', '__proto__[polluted]', 'a[constructor][prototype][x]', 'a[prototype]'])(
    'refuses %s and changes no prototype',
    (name) => {
      const error = errorOf(() => parseBracketForm([[name, '1']]));
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details).toEqual([{ field: name, message: 'uses a reserved key' }]);
      expect(({} as Record<string, unknown>).x).toBeUndefined();
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('x');
    }
  );

  it('refuses malformed names, duplicates and conflicts', () => {
    expect(errorOf(() => parseBracketForm([['a[]', '1']])).details?.[0]?.message).toMatch(/not a valid field name/);
    expect(errorOf(() => parseBracketForm([['a[b', '1']])).details?.[0]?.message).toMatch(/not a valid field name/);
    expect(errorOf(() => parseBracketForm([['a', '1'], ['a', '2']])).details?.[0]?.message).toMatch(/more than once/);
    expect(errorOf(() => parseBracketForm([['a', '1'], ['a[b]', '2']])).details?.[0]?.message).toMatch(/conflicts/);
  });

  it('limits depth and field count', () => {
    expect(errorOf(() => parseBracketForm([['a[b][c][d]', '1']], { maxDepth: 3, maxFields: 10 })).details?.[0]?.message).toMatch(/deeper than 3/);
    const many = Array.from({ length: 11 }, (_, i): [string, string] => [`f${i}`, 'x']);
    expect(errorOf(() => parseBracketForm(many, { maxDepth: 3, maxFields: 10 })).details?.[0]?.message).toMatch(/at most 10/);
  });
});
