import { Counter, Gauge } from 'prom-client';
import { metricsRegistry } from './registry';

export type EmailKind = 'validation_code' | 'invitation' | 'voided' | 'rejected' | 'signed' | 'reminder' | 'expiry_warning' | 'expired';
/** sent: the server accepted it; bounced: refused for good; retry: a passing failure; dropped: not sent (no longer wanted, undecryptable, expired). */
export type EmailOutcome = 'sent' | 'bounced' | 'retry' | 'dropped';
export type EmailQueue = 'validation' | 'lifecycle';

/** What an email queue holds right now: mails waiting to be sent, and how long the most overdue has been due (0 if none). */
export interface EmailBacklog {
  pending: number;
  oldestDueSeconds: number;
}

const emails = new Counter({
  name: 'signet_emails_total',
  help: 'Email send outcomes, by kind and outcome (sent, bounced, retry, dropped)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [metricsRegistry()]
});

const sources = new Set<{ queue: EmailQueue; read: () => Promise<EmailBacklog> }>();

async function readBacklogs(this: Gauge<'queue' | 'measure'>): Promise<void> {
  this.reset();
  const totals = new Map<EmailQueue, EmailBacklog>();
  await Promise.all([...sources].map(async ({ queue, read }) => {
    const backlog = await read().catch(() => null);
    if (!backlog) return;
    const total = totals.get(queue) ?? { pending: 0, oldestDueSeconds: 0 };
    totals.set(queue, { pending: total.pending + backlog.pending, oldestDueSeconds: Math.max(total.oldestDueSeconds, backlog.oldestDueSeconds) });
  }));
  for (const [queue, total] of totals) {
    this.set({ queue, measure: 'pending' }, total.pending);
    this.set({ queue, measure: 'oldest_due_seconds' }, Math.max(0, total.oldestDueSeconds));
  }
}

new Gauge({
  name: 'signet_email_backlog',
  help: 'Emails waiting to be sent, per queue (measure=pending), and how long the most overdue has been due (measure=oldest_due_seconds)',
  labelNames: ['queue', 'measure'] as const,
  registers: [metricsRegistry()],
  collect: readBacklogs
});

/** A queue's backlog from its count of waiting mails and the earliest due time among them (null if none). */
export function emailBacklogAt(now: Date, pending: number, oldestDue: Date | null): EmailBacklog {
  return { pending, oldestDueSeconds: oldestDue === null ? 0 : Math.max(0, (now.getTime() - oldestDue.getTime()) / 1000) };
}

/** Counts one outcome of handling a queued email. */
export function countEmail(kind: EmailKind, outcome: EmailOutcome): void {
  emails.inc({ kind, outcome });
}

/** Reports a queue's backlog on every scrape, until the returned function is called. */
export function watchEmailBacklog(queue: EmailQueue, read: () => Promise<EmailBacklog>): () => void {
  const source = { queue, read };
  sources.add(source);
  return () => {
    sources.delete(source);
  };
}
