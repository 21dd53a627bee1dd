import type pg from 'pg';
import type { Logger } from '@signet/log';
import { defineRecurringJob, type AnyJobKind } from './job-kind';
import { countJob } from './job-metrics';
import { workerTable } from './graphile-worker-tables';

// graphile-worker's tables: each column named here is in WORKER_COLUMNS_USED (test/graphile-worker-tables.test.ts).

/**
 * graphile-worker takes a job held for four hours as abandoned; Signet's kinds declare their own lease
 * (an attempt's longest honest run). A job held longer than its kind's lease belonged to a worker that
 * died (kill -9, a cut connection): it runs again (same attempt), unless it had been superseded (its key
 * cleared when its cause was queued anew), in which case the newer job does the work and it is dropped.
 * `deadWorker`: a worker of this process known to have died; its jobs are released without waiting for
 * their lease. Resolves to how many jobs it released to run again: they are due now, and no NOTIFY says so.
 */
export async function releaseAbandonedJobs(pool: pg.Pool, kinds: AnyJobKind[], log: Logger, deadWorker: string | null = null): Promise<number> {
  const result = await pool.query<{ task_identifier: string; released: boolean }>(
    `WITH lease AS (
       SELECT * FROM unnest($1::text[], $2::float8[]) AS lease(identifier, ms)
     ), abandoned AS (
       SELECT jobs.id, jobs.key, tasks.identifier
       FROM ${workerTable('_private_jobs')} jobs
       JOIN ${workerTable('_private_tasks')} tasks ON tasks.id = jobs.task_id
       JOIN lease ON lease.identifier = tasks.identifier
       WHERE jobs.locked_at < now() - make_interval(secs => lease.ms / 1000) OR jobs.locked_by = $3
       FOR UPDATE OF jobs SKIP LOCKED
     ), released AS (
       UPDATE ${workerTable('_private_jobs')} jobs
       SET locked_at = NULL, locked_by = NULL, attempts = 0, last_error = 'released: its worker stopped without finishing'
       FROM abandoned WHERE jobs.id = abandoned.id AND abandoned.key IS NOT NULL
       RETURNING abandoned.identifier
     ), dropped AS (
       DELETE FROM ${workerTable('_private_jobs')} jobs USING abandoned
       WHERE jobs.id = abandoned.id AND abandoned.key IS NULL
       RETURNING abandoned.identifier
     )
     SELECT identifier AS task_identifier, true AS released FROM released
     UNION ALL SELECT identifier, false FROM dropped`,
    [kinds.map((kind) => kind.name), kinds.map((kind) => kind.leaseMs), deadWorker]
  );
  let released = 0;
  for (const row of result.rows) {
    if (!row.released) continue;
    released += 1;
    countJob(row.task_identifier, 'released');
    log.warn({ job_kind: row.task_identifier }, 'released a job whose worker stopped without finishing; it runs again');
  }
  return released;
}

/** The recurring job that releases abandoned jobs, so no replica needs a timer of its own. */
export function releaseJobKind(release: () => Promise<unknown>): AnyJobKind {
  return defineRecurringJob('jobs.release-abandoned', 60_000, release);
}
