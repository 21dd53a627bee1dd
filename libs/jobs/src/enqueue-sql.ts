import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { Value } from '@sinclair/typebox/value';
import type { Static, TSchema } from '@sinclair/typebox';
import type { JobSpec } from './job-kind';
import { JOBS_SCHEMA } from './job-schema';

/** What a job row's payload holds: the kind's payload and which attempt this row is. */
export interface StoredPayload {
  attempt: number;
  payload: unknown;
}

export interface EnqueueOptions {
  /**
   * The cause: one job per kind and key is queued at a time. Enqueueing again replaces the queued one
   * (a fresher cause wins); a running one finishes and the new one runs after.
   */
  key?: string;
  /** When to run, in the database's time (the job system maps Signet's clock onto it); now when absent. */
  databaseRunAt?: Date | null;
  /** With a key: keep the queued job's start time instead of the new one (a recurring job's next run). */
  keepRunAt?: boolean;
}

/** The key a job row carries: every job has one, so a queued job can always be told from a superseded one. */
export function storedKey(kind: string, key: string | undefined): string {
  return `${kind}:${key ?? randomUUID()}`;
}

export function keyOfStored(kind: string, stored: string | null): string | null {
  return stored?.startsWith(`${kind}:`) ? stored.slice(kind.length + 1) : null;
}

/** The statement and bindings that queue one job, for knex (`?` placeholders). */
export function addJobStatement<S extends TSchema>(kind: JobSpec<S>, payload: Static<S>, options: EnqueueOptions, attempt = 1): [string, Knex.RawBinding[]] {
  const [call, bindings] = addJobCall(kind, payload, options, attempt);
  return [`SELECT FROM ${call}`, bindings];
}

/** The function call that queues one job, as an expression a larger statement can use (`?` placeholders). */
export function addJobCall<S extends TSchema>(kind: JobSpec<S>, payload: Static<S>, options: EnqueueOptions, attempt = 1): [string, Knex.RawBinding[]] {
  if (!Value.Check(kind.payload, payload)) {
    const first = Value.Errors(kind.payload, payload).First();
    throw new Error(`job ${kind.name}: payload breaks its schema at ${first?.path ?? '/'}: ${first?.message ?? 'invalid'}`);
  }
  const stored: StoredPayload = { attempt, payload };
  return [
    `${JOBS_SCHEMA}.add_job(?, ?::json, run_at => ?::timestamptz, max_attempts => 1, job_key => ?, job_key_mode => ?)`,
    [kind.name, JSON.stringify(stored), options.databaseRunAt ?? null, storedKey(kind.name, options.key), options.keepRunAt ? 'preserve_run_at' : 'replace']
  ];
}

export async function addJob<S extends TSchema>(db: Knex | Knex.Transaction, kind: JobSpec<S>, payload: Static<S>, options: EnqueueOptions): Promise<void> {
  const [sql, bindings] = addJobStatement(kind, payload, options);
  await db.raw(sql, bindings as Knex.RawBinding[]);
}

/** knex's `?` placeholders as pg's `$n`, for the statement run on graphile-worker's own connections. */
export function positional(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}
