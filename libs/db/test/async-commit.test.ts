import type { Knex } from 'knex';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { openAsyncCommitPool, openDatabase, withAsyncCommit } from '../src';

describe('a pool whose commits do not wait for the disk', () => {
  let database: TestDatabase;
  let db: Knex;
  let counters: Knex;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'async_commit', migrations: [] });
    await db.schema.createTable('counters', (table) => {
      table.text('id').primary();
      table.integer('value').notNullable();
    });
    counters = openAsyncCommitPool(db);
  });
  afterAll(async () => {
    await counters?.destroy();
    await db?.destroy();
    await database?.drop();
  });

  const setting = async (pool: Knex) => (await pool.raw('SHOW synchronous_commit')).rows[0].synchronous_commit;

  it('commits asynchronously, while the pool it came from still waits for the flush', async () => {
    expect(await setting(counters)).toBe('off');
    expect(await setting(db)).toBe('on');
  });

  it('writes the same schema\'s tables, visible at once to the other pool', async () => {
    await counters('counters').insert({ id: 'seen', value: 1 });
    await counters('counters').where({ id: 'seen' }).increment('value', 1);
    expect(await db('counters').where({ id: 'seen' }).first()).toMatchObject({ value: 2 });
  });

  it('keeps session options the connection already had', () => {
    expect(withAsyncCommit({ host: 'db', options: '-c statement_timeout=5000' })).toEqual({ host: 'db', options: '-c statement_timeout=5000 -c synchronous_commit=off' });
    expect(withAsyncCommit({ host: 'db' })).toEqual({ host: 'db', options: '-c synchronous_commit=off' });
  });
});
