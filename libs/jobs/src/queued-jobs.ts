import type { Knex } from 'knex';
import type pg from 'pg';
import type { Static, TSchema } from '@sinclair/typebox';
import { keyOfStored, storedKey, type StoredPayload } from './enqueue-sql';
import type { JobSpec } from './job-kind';
import type { DueJobs } from './due-alarm';
import type { KindBacklog } from './job-metrics';
import { workerTable } from './graphile-worker-tables';

// graphile-worker's tables: each column named here is in WORKER_COLUMNS_USED (test/graphile-worker-tables.test.ts).

/**
 * The payloads of a kind's jobs still to run (queued, or waiting for a retry; not the one running now,
 * not dead-lettered), by key: for a part that shows work still to come, such as a webhook delivery's next attempt.
 */
export async function queuedPayloads<S extends TSchema>(db: Knex | Knex.Transaction, kind: JobSpec<S>, keys: string[]): Promise<Map<string, Static<S>>> {
  const found = new Map<string, Static<S>>();
  if (keys.length === 0) return found;
  // graphile-worker adds 1 to `attempts` as it takes a job, and every Signet row has max_attempts 1: this
  // skips the rows being run (a retry is a row of its own) and the dead-lettered ones.
  const result = await db.raw(
    `SELECT jobs.key, jobs.payload FROM ${workerTable('_private_jobs')} jobs
     WHERE jobs.key = ANY(?) AND jobs.attempts < jobs.max_attempts`,
    [keys.map((key) => storedKey(kind.name, key))]
  );
  for (const row of result.rows as Array<{ key: string; payload: StoredPayload }>) {
    const key = keyOfStored(kind.name, row.key);
    if (key !== null) found.set(key, row.payload.payload as Static<S>);
  }
  return found;
}

/** Every kind's jobs still to run (0 for a kind with none), and how long the most overdue of them has been due. */
export async function backlogOf(pool: pg.Pool, kinds: string[]): Promise<KindBacklog[]> {
  const result = await pool.query<{ kind: string; queued: number; overdue: number }>(
    `SELECT kind, count(jobs.id)::int AS queued,
            coalesce(extract(epoch from now() - min(jobs.run_at) FILTER (WHERE jobs.run_at <= now())), 0)::float AS overdue
     FROM unnest($1::text[]) AS kind
     LEFT JOIN ${workerTable('jobs')} jobs ON jobs.task_identifier = kind AND jobs.attempts < jobs.max_attempts
     GROUP BY kind`,
    [kinds]
  );
  return result.rows.map((row) => ({ kind: row.kind, queued: Number(row.queued), oldestDueSeconds: Math.max(0, Number(row.overdue)) }));
}

/**
 * How many of the kinds' jobs are due and not taken (up to `limit`), and in how many milliseconds the next
 * one comes due, both on the database's clock. Read in the order of graphile-worker's own index (priority,
 * then run_at: Signet queues every job at the same priority), so the read stops at the first row it needs.
 */
export async function dueJobsOf(pool: pg.Pool, kinds: string[], limit: number): Promise<DueJobs> {
  const result = await pool.query<{ due: number; next_in_ms: number | null }>(
    `WITH kinds AS MATERIALIZED (SELECT id FROM ${workerTable('_private_tasks')} WHERE identifier = ANY($1::text[]))
     SELECT
       (SELECT count(*)::int FROM (
          SELECT FROM ${workerTable('_private_jobs')} jobs
          WHERE jobs.is_available AND jobs.run_at <= now() AND jobs.task_id IN (SELECT id FROM kinds)
          LIMIT $2) AS due_now) AS due,
       (SELECT ceil(extract(epoch FROM jobs.run_at - now()) * 1000)::float8
          FROM ${workerTable('_private_jobs')} jobs
          WHERE jobs.is_available AND jobs.run_at > now() AND jobs.task_id IN (SELECT id FROM kinds)
          ORDER BY jobs.priority, jobs.run_at LIMIT 1) AS next_in_ms`,
    [kinds, limit]
  );
  const next = result.rows[0]?.next_in_ms ?? null;
  return { due: Number(result.rows[0]?.due ?? 0), nextInMs: next === null ? null : Number(next) };
}
