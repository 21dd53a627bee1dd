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
    pool: { min: 0, max: options.poolMax ?? 10 }
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
