import type { Request, Response } from 'express';
import { DeliveriesQuery, isWebhookEventType, WEBHOOK_EVENT_TYPES } from '@signet/contracts';
import { parseWith, validationError } from '@signet/http';
import { deliveryView } from './present/delivery-view';
import type { WebhookDeps } from './webhook-deps';
import { ownedWebhook, ownerOf } from './webhook-owner';

const DEFAULT_LIMIT = 20;

/**
 * GET /api/v1/webhooks/:id/deliveries?status=&event_type=&limit=&cursor=: the webhook's deliveries, newest
 * first, each with its attempts; `next_cursor` fetches the next page and is null on the last.
 */
export function listDeliveries(deps: WebhookDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const query = parseWith(DeliveriesQuery, req.query);
    if (query.event_type !== undefined && !isWebhookEventType(query.event_type)) {
      throw validationError([{ field: 'event_type', message: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }]);
    }
    const webhook = await ownedWebhook(deps.webhooks, ownerOf(res), String(req.params.id));
    const limit = query.limit === undefined ? DEFAULT_LIMIT : Number(query.limit);
    const { deliveries: rows, attempts } = await deps.deliveries.listWithAttempts(webhook.id, {
      status: query.status, eventType: query.event_type, before: query.cursor, limit: limit + 1
    });
    const page = rows.slice(0, limit);
    res.json({
      deliveries: page.map((row) => deliveryView(row, attempts.filter((attempt) => attempt.delivery_id === row.id))),
      next_cursor: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null
    });
  };
}
