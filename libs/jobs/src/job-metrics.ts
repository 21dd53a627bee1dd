import { Counter } from 'prom-client';
import { metricsRegistry } from '@signet/metrics';

export type JobOutcome = 'done' | 'retry' | 'failed' | 'released';

const runs = new Counter({
  name: 'signet_jobs_total',
  help: 'Job attempts by kind and outcome (done, retry, failed: dead-lettered past its last attempt, released: its worker died holding it)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [metricsRegistry()]
});

const failed = new Counter({
  name: 'signet_jobs_failed_total',
  help: 'Jobs dead-lettered past their last attempt (kept, failed, in the jobs table), by kind',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry()]
});

export function countJob(kind: string, outcome: JobOutcome, count = 1): void {
  runs.inc({ kind, outcome }, count);
  if (outcome === 'failed') failed.inc({ kind }, count);
}
