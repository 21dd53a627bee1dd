import { Webhook } from 'standardwebhooks';

/**
 * The Standard Webhooks headers of one attempt: the event id (the same on every attempt, so receivers can
 * drop duplicates), the time of the attempt, and `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`
 * for each secret, space-separated (the current one first; during a rotation also the previous one),
 * which lets a receiver check both that Signet sent the body and that it is recent (no replays). The
 * `standardwebhooks` package signs, the same code receivers verify with.
 */
export function signDelivery(secrets: readonly string[], eventId: string, at: Date, body: string): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signatures = secrets.map((secret) => new Webhook(secret).sign(eventId, at, body));
  return { 'webhook-id': eventId, 'webhook-timestamp': timestamp, 'webhook-signature': signatures.join(' ') };
}

/** The secrets a delivery attempted at `at` is signed with: the current one, and the replaced one until its window ends. */
export function signingSecretsAt(webhook: { signing_secret: string; previous_signing_secret: string | null; previous_secret_expires_at: Date | null }, at: Date): string[] {
  const previousValid = webhook.previous_signing_secret !== null && webhook.previous_secret_expires_at !== null && webhook.previous_secret_expires_at.getTime() > at.getTime();
  return previousValid ? [webhook.signing_secret, webhook.previous_signing_secret as string] : [webhook.signing_secret];
}
