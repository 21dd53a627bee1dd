import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '@signet/http';

/** No 0/O, 1/I/L, 2/Z, 5/S or 8/B: characters that read alike on paper and on screen are left out. */
const ALPHABET = '34679ACDEFGHJKMNPQRTUVWXY';
const LENGTH = 6;

export interface ConsentCodes {
  /** The code the recipient's consent document shows: always the same for a recipient. */
  codeFor(recipientId: string): string;
  /** Whether what the recipient typed is their code, whatever its case and spacing. */
  matches(recipientId: string, typed: string): boolean;
}

/**
 * The consent document's code, by HMAC of the recipient's id under a key derived from the internal
 * secret: nothing to store, the same code however often the document is opened, and no code can be
 * worked out without the document. It shows the recipient opened a PDF; the signing token stays the
 * credential.
 */
export function consentCodes(internalSecret: string): ConsentCodes {
  const key = deriveKey(internalSecret, 'signet-envelope-consent', 'consent-code v1');
  const codeFor = (recipientId: string): string => {
    const mac = createHmac('sha256', key).update(recipientId, 'utf8').digest();
    return [...mac.subarray(0, LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
  };
  return {
    codeFor,
    matches(recipientId, typed) {
      const given = Buffer.from(typed.replace(/[\s-]/g, '').toUpperCase(), 'utf8');
      const expected = Buffer.from(codeFor(recipientId), 'utf8');
      return given.length === expected.length && timingSafeEqual(given, expected);
    }
  };
}
