import knex, { Knex } from 'knex';
import type pg from 'pg';
import { connectionSettingsOf } from './notifications';
import { keptPool } from './open-database';

const ASYNC_COMMIT = '-c synchronous_commit=off';

/** Connection settings with `synchronous_commit=off` added to their session options (any already set are kept). */
export function withAsyncCommit(settings: pg.ClientConfig): pg.ClientConfig {
  return { ...settings, options: settings.options ? `${settings.options} ${ASYNC_COMMIT}` : ASYNC_COMMIT };
}

/**
 * A second, small pool on `db`'s database and schema whose commits return without waiting for the WAL
 * to reach the disk (PostgreSQL's `synchronous_commit = off`): a crash of PostgreSQL itself may forget
 * what they wrote in its last moments (at most three `wal_writer_delay`s, 600 ms by default), never
 * corrupt it. Only for counters whose loss is harmless, so a row every request updates is not held
 * locked through a disk flush (see docs/decisions.md). Unlike openDatabase's pool, nothing here is
 * repeated on a lost connection: its statements are writes.
 */
export function openAsyncCommitPool(db: Knex, poolMax = 4): Knex {
  const { searchPath } = db.client.config as { searchPath?: string[] };
  return knex({ client: 'pg', connection: withAsyncCommit(connectionSettingsOf(db)) as Knex.PgConnectionConfig, searchPath, pool: keptPool(poolMax) });
}
