import type { Knex } from 'knex';
import type { Static, TSchema } from '@sinclair/typebox';
import { keyOfStored, storedKey, type StoredPayload } from './enqueue-sql';
import type { JobSpec } from './job-kind';
import { JOBS_SCHEMA } from './job-schema';

/**
 * The payloads of a kind's jobs still to run (queued, running or retrying; not dead-lettered), by key:
 * for a part that shows work still to come, such as a webhook delivery's next attempt.
 */
export async function queuedPayloads<S extends TSchema>(db: Knex | Knex.Transaction, kind: JobSpec<S>, keys: string[]): Promise<Map<string, Static<S>>> {
  const found = new Map<string, Static<S>>();
  if (keys.length === 0) return found;
  const result = await db.raw(
    `SELECT jobs.key, jobs.payload FROM ${JOBS_SCHEMA}._private_jobs jobs
     WHERE jobs.key = ANY(?) AND jobs.attempts < jobs.max_attempts`,
    [keys.map((key) => storedKey(kind.name, key))]
  );
  for (const row of result.rows as Array<{ key: string; payload: StoredPayload }>) {
    const key = keyOfStored(kind.name, row.key);
    if (key !== null) found.set(key, row.payload.payload as Static<S>);
  }
  return found;
}

/** How many of a kind's jobs wait to run, and how long the most overdue of them has been due (seconds). */
export async function backlogOf(db: Knex, kind: Pick<JobSpec, 'name'>): Promise<{ queued: number; oldestDueSeconds: number }> {
  const result = await db.raw(
    `SELECT count(*)::int AS queued, coalesce(extract(epoch from now() - min(run_at) FILTER (WHERE run_at <= now())), 0)::float AS overdue
     FROM ${JOBS_SCHEMA}.jobs WHERE task_identifier = ? AND attempts < max_attempts`,
    [kind.name]
  );
  const row = result.rows[0] as { queued: number; overdue: number };
  return { queued: Number(row.queued), oldestDueSeconds: Math.max(0, Number(row.overdue)) };
}
