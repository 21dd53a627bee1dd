import { createHash } from 'node:crypto';
import { deriveValidationKeys } from '../secret-keys';
import { codeMatches, hashCode } from './code-hash';
import { newCode } from './new-code';

const keys = deriveValidationKeys('test-internal-secret');

describe('validation codes', () => {
  it('are six digits, leading zeros kept, from the whole range', () => {
    const codes = Array.from({ length: 2000 }, newCode);
    for (const code of codes) expect(code).toMatch(/^[0-9]{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });

  it('are kept as an HMAC that neither the bare SHA-256 of the code nor another key reproduces', () => {
    const hash = hashCode(keys.codeHash, 'code-1', '042917');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('042917');
    expect(hash).not.toBe(createHash('sha256').update('042917').digest('hex'));
    expect(hash).not.toBe(hashCode(deriveValidationKeys('another-secret').codeHash, 'code-1', '042917'));
  });

  it('hash differently for two codes that happen to be equal', () => {
    expect(hashCode(keys.codeHash, 'code-1', '123456')).not.toBe(hashCode(keys.codeHash, 'code-2', '123456'));
  });

  it('match only the code, under the code id they were hashed for', () => {
    const stored = hashCode(keys.codeHash, 'code-1', '123456');
    expect(codeMatches(keys.codeHash, 'code-1', '123456', stored)).toBe(true);
    expect(codeMatches(keys.codeHash, 'code-1', '123457', stored)).toBe(false);
    expect(codeMatches(keys.codeHash, 'code-2', '123456', stored)).toBe(false);
    expect(codeMatches(keys.codeHash, 'code-1', '123456', 'not-a-hash')).toBe(false);
  });
});
