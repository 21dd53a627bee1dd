import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A 32-byte key for one purpose, derived from the internal secret by HKDF, so a copy of a database alone
 * opens or forges nothing. `context` names the owner, `purpose` the use (with a version to rotate by).
 */
export function deriveKey(internalSecret: string, context: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', internalSecret, context, purpose, 32));
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM as iv | tag | ciphertext; `boundTo` (the row's id) is authenticated, so a value cannot move rows. */
export function sealText(key: Buffer, text: string, boundTo: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Throws when the key is another (the secret changed) or anything was altered. */
export function openText(key: Buffer, sealed: Buffer, boundTo: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(boundTo, 'utf8'));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
