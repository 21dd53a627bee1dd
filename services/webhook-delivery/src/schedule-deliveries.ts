import type { Knex } from 'knex';
import { ConsumedEvent, consumeOnce, Subscription } from '@signet/bus';
import { isWebhookEventType, WEBHOOK_EVENT_TYPES } from '@signet/contracts';
import type { Clock } from '@signet/service';
import type { QueueAttempt } from './jobs/delivery-jobs';
import type { DeliveryStore } from './store/delivery-store';
import type { WebhookStore } from './store/webhook-store';

/** The inbox's name for this consumer, and its Kafka consumer group. */
export const CONSUMER = 'webhook-delivery';
const CONSUMER_GROUP = 'signet.webhook-delivery';

export interface ScheduleDeliveriesDeps {
  db: Knex;
  webhooks: WebhookStore;
  deliveries: DeliveryStore;
  clock: Clock;
  queueAttempt: QueueAttempt;
}

/**
 * Consumes every webhook event and records one delivery per subscribed webhook of the API key the event
 * names (the key that created the envelope), and of no other key or tenant. The deliveries and the
 * inbox record commit together with each delivery's first attempt queued as a job: an event the bus
 * hands over twice is scheduled once.
 */
export function scheduleDeliveries(deps: ScheduleDeliveriesDeps): Subscription {
  async function handle(consumed: ConsumedEvent): Promise<void> {
    const { tenantId, apiKeyId } = consumed.headers;
    const eventType = consumed.event.event_type;
    if (apiKeyId === null || !isWebhookEventType(eventType)) return;
    const owner = { tenantId, apiKeyId };
    // Most events have no webhook waiting for them: those leave no trace, not even an inbox row.
    if ((await deps.webhooks.subscribedTo(owner, eventType)).length === 0) return;
    await consumeOnce(deps.db, CONSUMER, consumed.event.id, async (trx) => {
      const webhooks = await deps.webhooks.lockSubscribedTo(trx, owner, eventType);
      if (webhooks.length === 0) return;
      const now = deps.clock();
      await deps.deliveries.schedule(trx, {
        id: consumed.event.id,
        event_type: eventType,
        tenant_id: tenantId,
        api_key_id: apiKeyId,
        body: JSON.stringify(consumed.event),
        created_at: now
      }, webhooks.map((webhook) => webhook.id), now, deps.queueAttempt);
    });
  }

  return { groupId: CONSUMER_GROUP, topics: WEBHOOK_EVENT_TYPES, handle };
}
