import { AppError, notFound } from '@signet/http';
import { deliveryView, type DeliveryView } from './present/delivery-view';
import type { WebhookDeps } from './webhook-deps';
import type { Owner } from './model';
import { ownedWebhook } from './webhook-owner';

/**
 * POST /api/v1/webhooks/:id/deliveries/:delivery_id/redeliver: a finished delivery (failed, or delivered
 * and wanted again) starts a new round of attempts at once, to the webhook's current URL, with the
 * same event id. A delivery still PENDING is 409: it is already on its way.
 */
export async function redeliverDelivery(
  deps: WebhookDeps, { owner, webhookId, deliveryId }: { owner: Owner; webhookId: string; deliveryId: string }
): Promise<DeliveryView> {
  const webhook = await ownedWebhook(deps.webhooks, owner, webhookId);
  const delivery = await deps.deliveries.redeliver(webhook.id, deliveryId, deps.clock(), deps.queueAttempt);
  if (!delivery) {
    if (await deps.deliveries.find(webhook.id, deliveryId)) throw new AppError('CONFLICT', 'The delivery is still PENDING: its attempts are under way');
    throw notFound('Delivery');
  }
  return deliveryView(delivery, await deps.deliveries.attemptsOf([delivery.id]));
}
