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
