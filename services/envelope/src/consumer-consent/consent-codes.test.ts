import { consentCodes } from './consent-codes';

describe('consent codes', () => {
  const codes = consentCodes('an internal secret');

  it('are six characters that do not read alike, the same for a recipient every time, another for another recipient or secret', () => {
    const code = codes.codeFor('rec-1');
    expect(code).toMatch(/^[34679ACDEFGHJKMNPQRTUVWXY]{6}$/);
    expect(codes.codeFor('rec-1')).toBe(code);
    expect(codes.codeFor('rec-2')).not.toBe(code);
    expect(consentCodes('another secret').codeFor('rec-1')).not.toBe(code);
  });

  it('match whatever the case and spacing, and nothing else', () => {
    const code = codes.codeFor('rec-1');
    expect(codes.matches('rec-1', code)).toBe(true);
    expect(codes.matches('rec-1', ` ${code.slice(0, 3).toLowerCase()} ${code.slice(3)} `)).toBe(true);
    expect(codes.matches('rec-1', `${code.slice(0, 3)}-${code.slice(3)}`)).toBe(true);
    expect(codes.matches('rec-2', code)).toBe(false);
    expect(codes.matches('rec-1', code.slice(0, 5))).toBe(false);
    expect(codes.matches('rec-1', `${code}X`)).toBe(false);
    expect(codes.matches('rec-1', '')).toBe(false);
  });
});
