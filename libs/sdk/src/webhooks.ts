import { Webhook } from 'standardwebhooks';
import type { components } from './generated/openapi';

/** Any event a webhook receives, told apart by `event_type` (the document's `WebhookEvent`). */
export type WebhookEvent = components['schemas']['WebhookEvent'];
export type WebhookEventType = WebhookEvent['event_type'];
/** The event of one type, e.g. `EventOf<'envelope.success'>`. */
export type EventOf<T extends WebhookEventType> = Extract<WebhookEvent, { event_type: T }>;

/**
 * Checks a delivery's Standard Webhooks signature (`webhook-id`, `webhook-timestamp`, `webhook-signature`)
 * with the webhook's signing secret, refusing a stale timestamp (replays), and returns the typed event.
 * Pass the raw body exactly as received. Throws when the signature does not hold. During a secret
 * rotation deliveries carry a signature by each secret: either secret verifies them.
 */
export function verifyWebhook(signingSecret: string, rawBody: string | Uint8Array, headers: Record<string, string | string[] | undefined> | Headers): WebhookEvent {
  const plain = headers instanceof Headers ? Object.fromEntries(headers.entries()) : headers;
  const pick = (name: string) => {
    const value = plain[name] ?? plain[name.toLowerCase()];
    return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  };
  const payload = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  return new Webhook(signingSecret).verify(payload, {
    'webhook-id': pick('webhook-id'), 'webhook-timestamp': pick('webhook-timestamp'), 'webhook-signature': pick('webhook-signature')
  }) as WebhookEvent;
}
