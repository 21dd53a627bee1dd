import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse, serialize } from 'cookie';
import { v7 as uuidv7 } from 'uuid';

export const CONSOLE_COOKIE = 'signet_console';

/** A session's cookie value, `<id>.<secret>`: the id finds the row, the secret proves the holder. */
export interface ConsoleCookie {
  sessionId: string;
  secret: string;
}

export function newConsoleCookie(): ConsoleCookie {
  return { sessionId: uuidv7(), secret: randomBytes(32).toString('base64url') };
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function secretMatches(secret: string, hash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

export function sameToken(given: string, kept: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(kept);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The console cookie of a request, or null when there is none or it is not of our shape. */
export function consoleCookieOf(header: string | undefined): ConsoleCookie | null {
  const value = header ? parse(header)[CONSOLE_COOKIE] : undefined;
  const match = value ? /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  return match ? { sessionId: match[1] as string, secret: match[2] as string } : null;
}

/** HttpOnly and SameSite=Strict always; Secure where Signet is reached over HTTPS. An empty value with max-age 0 clears it. */
export function setConsoleCookie(cookie: ConsoleCookie | null, secure: boolean, maxAgeSeconds: number): string {
  return serialize(CONSOLE_COOKIE, cookie ? `${cookie.sessionId}.${cookie.secret}` : '', {
    httpOnly: true, sameSite: 'strict', secure, path: '/', maxAge: cookie ? maxAgeSeconds : 0
  });
}
