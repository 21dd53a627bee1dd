import { Counter } from 'prom-client';
import { metricsRegistry } from './registry';

export type EmailKind = 'validation_code' | 'invitation' | 'voided' | 'rejected' | 'signed' | 'reminder' | 'expiry_warning' | 'expired';
/** sent: the server accepted it; bounced: refused for good; retry: a passing failure; dropped: not sent (no longer wanted, undecryptable, expired). */
export type EmailOutcome = 'sent' | 'bounced' | 'retry' | 'dropped';

const emails = new Counter({
  name: 'signet_emails_total',
  help: 'Email send outcomes, by kind and outcome (sent, bounced, retry, dropped)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [metricsRegistry()]
});

/** Counts one outcome of handling a queued email. */
export function countEmail(kind: EmailKind, outcome: EmailOutcome): void {
  emails.inc({ kind, outcome });
}
