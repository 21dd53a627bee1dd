import { Counter, Gauge } from 'prom-client';
import { metricsRegistry } from '@signet/metrics';

export type JobOutcome = 'done' | 'retry' | 'failed' | 'released';

/** One kind's jobs still to run (queued, due or not, or waiting for a retry; not running), and how long the most overdue has been due. */
export interface KindBacklog {
  kind: string;
  queued: number;
  oldestDueSeconds: number;
}

const runs = new Counter({
  name: 'signet_jobs_total',
  help: 'Job attempts by kind and outcome (done, retry, failed: dead-lettered past its last attempt, released: its worker died holding it)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [metricsRegistry()]
});

const backlogSources = new Set<() => Promise<KindBacklog[]>>();

async function readBacklogs(this: Gauge<'kind' | 'measure'>): Promise<void> {
  this.reset();
  const totals = new Map<string, KindBacklog>();
  for (const read of backlogSources) {
    for (const backlog of await read().catch(() => [])) {
      const total = totals.get(backlog.kind) ?? { kind: backlog.kind, queued: 0, oldestDueSeconds: 0 };
      totals.set(backlog.kind, { kind: backlog.kind, queued: total.queued + backlog.queued, oldestDueSeconds: Math.max(total.oldestDueSeconds, backlog.oldestDueSeconds) });
    }
  }
  for (const { kind, queued, oldestDueSeconds } of totals.values()) {
    this.set({ kind, measure: 'queued' }, queued);
    this.set({ kind, measure: 'oldest_due_seconds' }, oldestDueSeconds);
  }
}

new Gauge({
  name: 'signet_jobs_backlog',
  help: 'Jobs still to run, by kind (measure=queued), and how long the most overdue has been due (measure=oldest_due_seconds)',
  labelNames: ['kind', 'measure'] as const,
  registers: [metricsRegistry()],
  collect: readBacklogs
});

export function countJob(kind: string, outcome: JobOutcome, count = 1): void {
  runs.inc({ kind, outcome }, count);
}

/** Reports a running job system's backlog on every scrape (replicas in one process add up), until the returned function is called. */
export function watchBacklog(read: () => Promise<KindBacklog[]>): () => void {
  backlogSources.add(read);
  return () => void backlogSources.delete(read);
}
