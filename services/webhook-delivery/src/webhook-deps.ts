import type { Knex } from 'knex';
import type { AddressPolicy } from '@signet/outbound';
import type { Clock } from '@signet/service';
import type { QueueAttempt } from './jobs/delivery-jobs';
import type { DeadLetterStore } from './store/dead-letter-store';
import type { DeliveryStore } from './store/delivery-store';
import type { WebhookStore } from './store/webhook-store';

/** What the webhook use cases share. */
export interface WebhookDeps {
  db: Knex;
  webhooks: WebhookStore;
  deliveries: DeliveryStore;
  deadLetters: DeadLetterStore;
  policy: AddressPolicy;
  clock: Clock;
  /** Queues a delivery's attempt as a job. */
  queueAttempt: QueueAttempt;
}
