import { createHmac } from 'node:crypto';
import { signingKeyOf } from './signing-secret';

/**
 * The Standard Webhooks headers of one attempt: the event id (the same on every attempt, so receivers can
 * drop duplicates), the time of the attempt, and `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`,
 * which lets a receiver check both that Signet sent the body and that it is recent (no replays).
 */
export function signDelivery(secret: string, eventId: string, at: Date, body: string): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = createHmac('sha256', signingKeyOf(secret)).update(`${eventId}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': eventId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}
