import { createHash, randomBytes } from 'node:crypto';

/** API keys carry 256 bits of randomness, so a plain SHA-256 is a safe lookup hash (no slow KDF needed). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function generateApiKey(): string {
  return `sgn_${randomBytes(32).toString('base64url')}`;
}

/** What lists show instead of the key: enough to recognise it, never enough to use it. */
export function apiKeyPrefix(key: string): string {
  return `${key.slice(0, 8)}…`;
}
