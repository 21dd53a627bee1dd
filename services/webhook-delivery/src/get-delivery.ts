import { notFound } from '@signet/http';
import { deliveryDetailView, type DeliveryDetailView } from './present/delivery-view';
import type { WebhookDeps } from './webhook-deps';
import type { Owner } from './model';
import { ownedWebhook } from './webhook-owner';

/** GET /api/v1/webhooks/:id/deliveries/:delivery_id: one delivery of the key's webhook, with what its attempts sent and got back. */
export async function getDelivery(
  deps: WebhookDeps, { owner, webhookId, deliveryId }: { owner: Owner; webhookId: string; deliveryId: string }
): Promise<DeliveryDetailView> {
  const webhook = await ownedWebhook(deps.webhooks, owner, webhookId);
  const found = await deps.deliveries.detail(webhook.id, deliveryId);
  if (!found) throw notFound('Delivery');
  return deliveryDetailView(found.delivery, found.attempts);
}
