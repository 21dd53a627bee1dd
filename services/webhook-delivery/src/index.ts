import { systemResolve } from '@signet/outbound';
import { defineService, ServiceDeps, SignetService } from '@signet/service';
import { attemptDelivery, giveUpDelivery } from './jobs/attempt-delivery';
import { deliveryJobKinds, PRUNE_DELIVERIES_EVERY_MS, queueAttempt } from './jobs/delivery-jobs';
import { pruneDeliveries } from './jobs/prune-deliveries';
import { postWebhook } from './outbound/post-webhook';
import { webhookPolicy } from './outbound/webhook-policy';
import { scheduleDeliveries } from './schedule-deliveries';
import { deadLetterStore } from './store/dead-letter-store';
import { deliveryStore } from './store/delivery-store';
import { webhookStore } from './store/webhook-store';
import { deadLetterRoutes } from './http/dead-letter-routes';
import { webhookRoutes } from './http/webhook-routes';
import type { WebhookDeps } from './webhook-deps';

export { webhookDeliveryMigrations } from '../migrations';

/** Webhook subscriptions, their deliveries (each attempt a job), the delivery log and its dead letters. */
export function createWebhookDeliveryService(deps: ServiceDeps): SignetService {
  const settings = deps.config.webhooks;
  const policy = webhookPolicy(settings.allowLoopback);
  const webhooks = webhookStore(deps.db);
  const deliveries = deliveryStore(deps.db);
  const queue = queueAttempt(deps.jobs);
  const kinds = deliveryJobKinds({
    attempt: attemptDelivery({
      db: deps.db,
      deliveries,
      post: postWebhook({ policy, resolve: systemResolve, timeoutMs: settings.timeoutMs, maxPayloadBytes: settings.maxPayloadBytes }),
      queueAttempt: queue,
      clock: deps.clock,
      retryDelayMs: settings.retryDelayMs,
      log: deps.log
    }),
    giveUp: giveUpDelivery({ deliveries, clock: deps.clock, log: deps.log }),
    prune: pruneDeliveries(deliveries, deps.clock, settings.retentionDays)
  }, settings.timeoutMs);
  deps.jobs.register(kinds.deliver);
  deps.jobs.every(kinds.prune, PRUNE_DELIVERIES_EVERY_MS);
  const webhookDeps: WebhookDeps = { db: deps.db, webhooks, deliveries, deadLetters: deadLetterStore(deps.db), policy, clock: deps.clock, queueAttempt: queue };

  return defineService(deps, {
    name: 'webhook-delivery',
    routes: (router) => {
      webhookRoutes(router, webhookDeps);
      deadLetterRoutes(router, webhookDeps);
    },
    consumers: [scheduleDeliveries({ db: deps.db, webhooks, deliveries, clock: deps.clock, queueAttempt: queue })],
    onStart() {
      if (settings.allowLoopback) {
        deps.log.warn('webhooks may be delivered to loopback addresses (WEBHOOK_ALLOW_LOOPBACK): for development only');
      }
    }
  });
}
