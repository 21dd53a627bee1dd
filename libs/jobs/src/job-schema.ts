import type { Knex } from 'knex';
import pg from 'pg';
import { runMigrations } from 'graphile-worker';
import { connectionSettingsOf, type Migration } from '@signet/db';
import { graphileLogger } from './graphile-logger';

/** Where graphile-worker keeps every part's jobs in a database: one queue per database, kinds named by part. */
export const JOBS_SCHEMA = 'signet_jobs';

/**
 * Installs or upgrades the jobs schema. Parts of one database start side by side in microservices mode;
 * an advisory lock makes them take turns, so two never race to create the same schema.
 */
export async function installJobSchema(settings: pg.ClientConfig): Promise<void> {
  const lock = new pg.Client(settings);
  // A connection cut while idle emits 'error', which would end the process; the awaited queries report it.
  lock.on('error', () => undefined);
  await lock.connect();
  const pool = new pg.Pool({ ...settings, max: 1 });
  pool.on('error', () => undefined);
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [JOBS_SCHEMA]);
    await runMigrations({ pgPool: pool, schema: JOBS_SCHEMA, logger: graphileLogger(null) });
  } finally {
    await pool.end();
    await lock.end();
  }
}

/** For a part's migration that enqueues jobs (carrying queued rows over): the schema must exist first. */
export function ensureJobSchema(knex: Knex): Promise<void> {
  return installJobSchema(connectionSettingsOf(knex));
}

/** A migration step for a part whose later migrations or code enqueue jobs. */
export const jobSchemaMigration: Migration = {
  name: '20261126000000_jobs_schema',
  up: (knex) => ensureJobSchema(knex)
};
