import { JOBS_SCHEMA } from './job-schema';

/**
 * The tables of graphile-worker 0.16 that this package's SQL reads or writes itself, each with every
 * column that SQL names. `_private_jobs` and `_private_tasks` are private: graphile-worker may change them
 * in any release. `jobs` is its read-only view of them. test/graphile-worker-tables.test.ts checks each
 * column against the schema graphile-worker's own migration installs, so an upgrade that drops or renames
 * one fails there first; README.md says what each query does with them and why.
 */
export const WORKER_COLUMNS_USED = {
  _private_jobs: ['id', 'task_id', 'key', 'payload', 'run_at', 'attempts', 'max_attempts', 'locked_at', 'locked_by', 'last_error', 'is_available', 'priority'],
  _private_tasks: ['id', 'identifier'],
  jobs: ['id', 'task_identifier', 'key', 'run_at', 'attempts', 'max_attempts', 'locked_at']
} as const;

export type WorkerTable = keyof typeof WORKER_COLUMNS_USED;

/** A table of WORKER_COLUMNS_USED in the jobs schema: the only way this package's SQL names one. */
export function workerTable(table: WorkerTable): string {
  return `${JOBS_SCHEMA}.${table}`;
}
