import { DELIVERED_EVENT_TYPES, DeliveriesQuery, isDeliveredEventType } from '@signet/contracts';
import { parseWith, validationError } from '@signet/http';
import { deliveryView, type DeliveryView } from './present/delivery-view';
import type { WebhookDeps } from './webhook-deps';
import type { Owner } from './model';
import { ownedWebhook } from './webhook-owner';

const DEFAULT_LIMIT = 20;

/**
 * GET /api/v1/webhooks/:id/deliveries?status=&event_type=&limit=&cursor=: the webhook's deliveries, newest
 * first, each with its attempts; `next_cursor` fetches the next page and is null on the last.
 */
export async function listDeliveries(
  deps: WebhookDeps, { owner, webhookId, query: raw }: { owner: Owner; webhookId: string; query: unknown }
): Promise<{ deliveries: DeliveryView[]; next_cursor: string | null }> {
  const query = parseWith(DeliveriesQuery, raw);
  if (query.event_type !== undefined && !isDeliveredEventType(query.event_type)) {
    throw validationError([{ field: 'event_type', message: `must be one of ${DELIVERED_EVENT_TYPES.join(', ')}` }]);
  }
  const webhook = await ownedWebhook(deps.webhooks, owner, webhookId);
  const limit = query.limit === undefined ? DEFAULT_LIMIT : Number(query.limit);
  const { deliveries: rows, attempts } = await deps.deliveries.listWithAttempts(webhook.id, {
    status: query.status, eventType: query.event_type, before: query.cursor, limit: limit + 1
  });
  const page = rows.slice(0, limit);
  return {
    deliveries: page.map((row) => deliveryView(row, attempts.filter((attempt) => attempt.delivery_id === row.id))),
    next_cursor: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null
  };
}
