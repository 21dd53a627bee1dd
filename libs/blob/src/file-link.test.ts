import { signFileLink, verifyFileLink } from './file-link';

const secret = 'link-secret';
const key = 'tenants/t1/envelopes/e1/documents/d1.pdf';
const expires = 1_700_000_060;
const beforeExpiry = new Date(1_700_000_000_000);

describe('verifyFileLink', () => {
  it('accepts the signature it gave, until the expiry', () => {
    const signature = signFileLink(secret, key, expires);

    expect(verifyFileLink(secret, key, expires, signature, undefined, beforeExpiry)).toBe(true);
    expect(verifyFileLink(secret, key, expires, signature, undefined, new Date(expires * 1000))).toBe(false);
  });

  it('binds the key, the expiry, the file name and the secret', () => {
    const signature = signFileLink(secret, key, expires, 'contract.pdf');

    expect(verifyFileLink(secret, key, expires, signature, 'contract.pdf', beforeExpiry)).toBe(true);
    expect(verifyFileLink(secret, key, expires, signature, undefined, beforeExpiry)).toBe(false);
    expect(verifyFileLink(secret, key, expires, signature, 'other.pdf', beforeExpiry)).toBe(false);
    expect(verifyFileLink(secret, `${key}x`, expires, signature, 'contract.pdf', beforeExpiry)).toBe(false);
    expect(verifyFileLink(secret, key, expires + 1, signature, 'contract.pdf', beforeExpiry)).toBe(false);
    expect(verifyFileLink('other-secret', key, expires, signature, 'contract.pdf', beforeExpiry)).toBe(false);
  });

  it('refuses signatures that are not 64 hex digits without comparing them', () => {
    expect(verifyFileLink(secret, key, expires, '', undefined, beforeExpiry)).toBe(false);
    expect(verifyFileLink(secret, key, expires, 'zz'.repeat(32), undefined, beforeExpiry)).toBe(false);
    expect(verifyFileLink(secret, key, expires, signFileLink(secret, key, expires).toUpperCase(), undefined, beforeExpiry)).toBe(false);
  });
});
