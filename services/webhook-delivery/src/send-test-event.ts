import { v7 as uuidv7 } from 'uuid';
import type { DeliveryOnlyEventType, WebhookTestPayload } from '@signet/contracts';
import { notFound } from '@signet/http';
import { deliveryView, type DeliveryView } from './present/delivery-view';
import type { WebhookDeps } from './webhook-deps';
import type { ListedDelivery, Owner } from './model';

const TEST_EVENT: DeliveryOnlyEventType = 'webhook.test';
const MESSAGE = 'A test event sent on request: nothing happened. It is signed, logged and retried like any delivery.';

/**
 * POST /api/v1/webhooks/:id/test: a `webhook.test` event for this webhook alone, whatever it subscribes to,
 * recorded and queued as any delivery is (signed, in the log, retried on the webhook's schedule).
 */
export async function sendTestEvent(deps: WebhookDeps, { owner, webhookId }: { owner: Owner; webhookId: string }): Promise<DeliveryView> {
  const now = deps.clock();
  const delivery = await deps.db.transaction(async (trx) => {
    // Held until the delivery is recorded: a deletion meanwhile waits, then takes the delivery along.
    const webhook = await deps.webhooks.lockOwned(trx, owner, webhookId);
    if (!webhook) throw notFound('Webhook');
    const data: WebhookTestPayload = { webhook_id: webhook.id, message: MESSAGE };
    const event = { id: uuidv7(), event_type: TEST_EVENT, data };
    const [scheduled] = await deps.deliveries.schedule(trx, {
      id: event.id, event_type: TEST_EVENT, tenant_id: owner.tenantId, api_key_id: owner.apiKeyId, body: JSON.stringify(event), created_at: now
    }, [webhook.id], now, deps.queueAttempt);
    // A new event id: its one delivery is always inserted.
    return scheduled as ListedDelivery;
  });
  return deliveryView(delivery, []);
}
