import { Counter } from 'prom-client';
import { metricsRegistry } from './registry';

/** sent: the provider took it; refused: the provider refused the number for good; retry: a passing failure; dropped: not sent (no longer wanted, undecryptable). */
export type SmsOutcome = 'sent' | 'refused' | 'retry' | 'dropped';

const sms = new Counter({
  name: 'signet_sms_total',
  help: 'Validation SMS send outcomes (sent, refused, retry, dropped)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry()]
});

/** One SMS send outcome, counted by the worker that saw it. */
export function countSms(outcome: SmsOutcome): void {
  sms.inc({ outcome });
}

const deliveries = new Counter({
  name: 'signet_sms_delivery_total',
  help: 'Validation SMS that reached a final delivery status (delivered, undelivered, failed, canceled)',
  labelNames: ['status'] as const,
  registers: [metricsRegistry()]
});

/** One SMS's final delivery status, counted once when it is recorded (a provider report, or the sink). */
export function countSmsDelivery(status: string): void {
  deliveries.inc({ status });
}
