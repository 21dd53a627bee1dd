import knex, { Knex } from 'knex';
import { ensureDatabase } from './ensure-database';
import { listMigrationSource, Migration } from './migration';
import { retryTransientReads, retryTransientTransactions } from './transient-retries';

export interface OpenDatabaseOptions {
  url: string;
  /** The owning service's schema: its tables live there and nowhere else. */
  schema: string;
  migrations: readonly Migration[];
  poolMax?: number;
}

/**
 * How long a pooled connection may sit idle before it is closed. Each connection is a PostgreSQL process
 * (a fork, authentication, cold caches): kept through the lulls of a steady load and between the relays'
 * and job runners' safety-net looks, a pool holds what its load needs instead of opening and closing
 * connections as the load wavers; a pool left unused
 * this long hands its connections back.
 */
export const IDLE_CONNECTION_TIMEOUT_MS = 5 * 60_000;
/** How often a pool looks for connections idle that long (tarn's default, every second, wakes an idle process for nothing). */
const IDLE_CHECK_EVERY_MS = 30_000;

/** A knex pool of up to `max` connections that keeps them through lulls. */
export function keptPool(max: number): Knex.PoolConfig {
  return { min: 0, max, idleTimeoutMillis: IDLE_CONNECTION_TIMEOUT_MS, reapIntervalMillis: IDLE_CHECK_EVERY_MS };
}

/** `webhook-delivery` -> `webhook_delivery`: a schema name that needs no quoting. */
export function schemaNameFor(service: string): string {
  return service.replace(/-/g, '_');
}

/**
 * Opens a knex pool whose search_path is the service's own schema, creating the database and schema
 * when missing, and runs the service's migrations before anything else touches the tables. Its
 * transactions and plain reads are repeated when a transient fault makes that safe (transient-retries.ts).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Knex> {
  await ensureDatabase(options.url);
  const db = knex({
    client: 'pg',
    connection: options.url,
    searchPath: [options.schema],
    pool: keptPool(options.poolMax ?? 10)
  });
  try {
    await db.raw('CREATE SCHEMA IF NOT EXISTS ??', [options.schema]);
    await db.migrate.latest({
      schemaName: options.schema,
      tableName: 'knex_migrations',
      migrationSource: listMigrationSource(options.migrations)
    });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  retryTransientTransactions(db);
  retryTransientReads(db);
  return db;
}
