import { systemResolve } from '@signet/outbound';
import { defineService, ServiceDeps, SignetService } from '@signet/service';
import { postWebhook } from './outbound/post-webhook';
import { webhookPolicy } from './outbound/webhook-policy';
import { scheduleDeliveries } from './schedule-deliveries';
import { deliveryStore } from './store/delivery-store';
import { webhookStore } from './store/webhook-store';
import { webhookRoutes } from './http/webhook-routes';
import type { WebhookDeps } from './webhook-deps';
import { attemptDelivery } from './worker/attempt-delivery';
import { watchDeliveries } from './worker/delivery-metrics';
import { deliveryWorker } from './worker/delivery-worker';
import { pruneDeliveries } from './worker/prune-deliveries';

export { webhookDeliveryMigrations } from '../migrations';

/** Webhook subscriptions, the delivery worker and the delivery log (spec 2.7, 4.4, 5.6, 6). */
export function createWebhookDeliveryService(deps: ServiceDeps): SignetService {
  const settings = deps.config.webhooks;
  const policy = webhookPolicy(settings.allowLoopback);
  const webhooks = webhookStore(deps.db);
  const deliveries = deliveryStore(deps.db);
  const worker = deliveryWorker({
    deliveries,
    attempt: attemptDelivery({
      deliveries,
      post: postWebhook({ policy, resolve: systemResolve, timeoutMs: settings.timeoutMs, maxPayloadBytes: settings.maxPayloadBytes }),
      clock: deps.clock,
      retryDelayMs: settings.retryDelayMs,
      log: deps.log
    }),
    prune: pruneDeliveries(deliveries, deps.clock, settings.retentionDays),
    clock: deps.clock,
    log: deps.log,
    concurrency: settings.concurrency,
    pollIntervalMs: settings.pollIntervalMs,
    timeoutMs: settings.timeoutMs
  });
  const webhookDeps: WebhookDeps = { db: deps.db, webhooks, deliveries, policy, clock: deps.clock, wakeWorker: () => worker.wake() };
  let unwatch = (): void => undefined;

  return defineService(deps, {
    name: 'webhook-delivery',
    routes: (router) => {
      webhookRoutes(router, webhookDeps);
    },
    consumers: [scheduleDeliveries({ db: deps.db, webhooks, deliveries, clock: deps.clock, onScheduled: () => worker.wake() })],
    workers: [worker],
    onStart() {
      if (settings.allowLoopback) {
        deps.log.warn('webhooks may be delivered to loopback addresses (WEBHOOK_ALLOW_LOOPBACK): for development only');
      }
      unwatch = watchDeliveries(deps.db);
    },
    onStop: () => unwatch()
  });
}
