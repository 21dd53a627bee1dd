import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `<mail id>.<HMAC>`: carried in each email's X-Signet-Bounce header, so whoever receives the bounced
 * message back (the provider, or the operator's relay of its notifications) can report it, and nobody
 * can report a bounce for a mail they never saw.
 */
export function bounceToken(key: Buffer, mailId: string): string {
  return `${mailId}.${createHmac('sha256', key).update(mailId, 'utf8').digest('base64url')}`;
}

/** The mail id a genuine token names, else null. */
export function mailIdOfBounceToken(key: Buffer, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const mailId = token.slice(0, dot);
  const expected = Buffer.from(bounceToken(key, mailId), 'utf8');
  const given = Buffer.from(token, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given) ? mailId : null;
}
