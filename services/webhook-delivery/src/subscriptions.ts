import { isWebhookEventType, WEBHOOK_EVENT_TYPES, WebhookEventType } from '@signet/contracts';
import type { FieldError } from '@signet/http';

/**
 * `subscriptions`: comma-separated names of webhook events. Spaces around names and repeats are
 * dropped; an unknown name is an error, so a misspelt event cannot leave a webhook silently deaf.
 */
export function parseSubscriptions(value: string): { events: WebhookEventType[] } | { error: FieldError } {
  const names = [...new Set(value.split(',').map((name) => name.trim()).filter(Boolean))];
  const unknown = names.filter((name) => !isWebhookEventType(name));
  if (unknown.length > 0) {
    return { error: { field: 'subscriptions', message: `unknown events ${unknown.join(', ')}; use ${WEBHOOK_EVENT_TYPES.join(', ')}` } };
  }
  if (names.length === 0) return { error: { field: 'subscriptions', message: 'must name at least one event' } };
  return { events: names as WebhookEventType[] };
}
