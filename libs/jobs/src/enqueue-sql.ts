import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { Value } from '@sinclair/typebox/value';
import type { Static, TSchema } from '@sinclair/typebox';
import type { JobSpec } from './job-kind';
import { JOBS_SCHEMA } from './job-schema';

/** A job row's payload: the kind's payload and which attempt the row is. */
export interface StoredPayload {
  attempt: number;
  payload: unknown;
}

export interface EnqueueOptions {
  /** The cause: one queued job per kind and key; queuing again replaces it (a running one is not stopped, nor retried: the new job does the work). */
  key?: string;
  /** In the database's time (the job system maps Signet's clock onto it); now when absent. */
  databaseRunAt?: Date | null;
}

/** Every job row has a key, so a queued job can always be told from a superseded one. */
export function storedKey(kind: string, key: string | undefined): string {
  return `${kind}:${key ?? randomUUID()}`;
}

export function keyOfStored(kind: string, stored: string | null): string | null {
  return stored?.startsWith(`${kind}:`) ? stored.slice(kind.length + 1) : null;
}

/** The call that queues one job, as an expression a larger statement can use (knex's `?` placeholders). */
export function addJobCall<S extends TSchema>(kind: JobSpec<S>, payload: Static<S>, options: EnqueueOptions): [string, Knex.RawBinding[]] {
  if (!Value.Check(kind.payload, payload)) {
    const first = Value.Errors(kind.payload, payload).First();
    throw new Error(`job ${kind.name}: payload breaks its schema at ${first?.path ?? '/'}: ${first?.message ?? 'invalid'}`);
  }
  const stored: StoredPayload = { attempt: 1, payload };
  return [
    `${JOBS_SCHEMA}.add_job(?, ?::json, run_at => ?::timestamptz, max_attempts => 1, job_key => ?)`,
    [kind.name, JSON.stringify(stored), options.databaseRunAt ?? null, storedKey(kind.name, options.key)]
  ];
}

/** Queues one job in `db`: the caller's transaction, or a migration carrying rows over. */
export async function addJob<S extends TSchema>(db: Knex | Knex.Transaction, kind: JobSpec<S>, payload: Static<S>, options: EnqueueOptions = {}): Promise<void> {
  const [call, bindings] = addJobCall(kind, payload, options);
  await db.raw(`SELECT FROM ${call}`, bindings);
}
