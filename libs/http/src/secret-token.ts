import { createHash, randomBytes } from 'node:crypto';

/**
 * A bearer secret in a URL (signing links, upload URLs): 256 random bits. Only its SHA-256 is stored, so a
 * database leak grants no access; lookups by hash need no constant-time compare.
 */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
