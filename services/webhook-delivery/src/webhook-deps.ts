import type { Knex } from 'knex';
import type { AddressPolicy } from '@signet/outbound';
import type { Clock } from '@signet/service';
import type { DeliveryStore } from './store/delivery-store';
import type { WebhookStore } from './store/webhook-store';

/** What the webhook use cases share. */
export interface WebhookDeps {
  db: Knex;
  webhooks: WebhookStore;
  deliveries: DeliveryStore;
  policy: AddressPolicy;
  clock: Clock;
  /** Tells this process's delivery worker that a delivery has just become due. */
  wakeWorker: () => void;
}
