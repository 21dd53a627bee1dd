import type { Knex } from 'knex';
import { openDatabase } from '@signet/db';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { jobSchemaMigration, JOBS_SCHEMA } from '../src';
import { WORKER_COLUMNS_USED } from '../src/graphile-worker-tables';

describe("graphile-worker's tables, as this package's SQL uses them", () => {
  let database: TestDatabase;
  let db: Knex;

  beforeAll(async () => {
    database = await createTestDatabase();
    // graphile-worker's own migration, as every part's migrations run it.
    db = await openDatabase({ url: database.url, schema: 'jobs_tables_test', migrations: [jobSchemaMigration] });
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('still have every column the SQL names (an upgrade that drops or renames one must change that SQL first: see README.md)', async () => {
    const installed = await db('information_schema.columns').where({ table_schema: JOBS_SCHEMA }).select('table_name', 'column_name');
    const present = new Set(installed.map((row: { table_name: string; column_name: string }) => `${row.table_name}.${row.column_name}`));
    const used = Object.entries(WORKER_COLUMNS_USED).flatMap(([table, columns]) => columns.map((column) => `${table}.${column}`));
    expect(used.filter((column) => !present.has(column))).toEqual([]);
  });
});
