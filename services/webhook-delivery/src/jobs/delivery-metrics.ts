import { Counter, Histogram } from 'prom-client';
import { metricsRegistry } from '@signet/metrics';
import type { DeliveryStatus } from '../model';

const attempts = new Counter({
  name: 'signet_webhook_delivery_attempts_total',
  help: 'Webhook delivery attempts, by outcome (delivered: a 2xx in time; failed: anything else)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry()]
});

const finished = new Counter({
  name: 'signet_webhook_deliveries_total',
  help: 'Webhook deliveries that ended, by status (SUCCESS, or FAILED once their attempts ran out)',
  labelNames: ['status'] as const,
  registers: [metricsRegistry()]
});

const attemptDuration = new Histogram({
  name: 'signet_webhook_delivery_attempt_seconds',
  help: 'How long a webhook delivery attempt took, connecting to the end of the answer',
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry()]
});

/** Counts one attempt and, when it ended the delivery, the delivery. */
export function countAttempt(delivered: boolean, durationMs: number, status: DeliveryStatus): void {
  attempts.inc({ outcome: delivered ? 'delivered' : 'failed' });
  attemptDuration.observe(durationMs / 1000);
  if (status !== 'PENDING') finished.inc({ status });
}

/** Counts a delivery that ended without a recorded attempt (its job gave up). */
export function countFinished(status: DeliveryStatus): void {
  finished.inc({ status });
}
