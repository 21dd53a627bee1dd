import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA-256 under the server's key, over the code's id and the code: without the key a leaked table
 * cannot be brute-forced offline, and two codes that happen to be equal never share a hash.
 */
export function hashCode(key: Buffer, codeId: string, code: string): string {
  return createHmac('sha256', key).update(`${codeId}:${code}`).digest('hex');
}

/** Compared in constant time, so a guess that is nearly right takes exactly as long as one far off. */
export function codeMatches(key: Buffer, codeId: string, guess: string, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const given = Buffer.from(hashCode(key, codeId, guess), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
