import type { Knex } from 'knex';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { openDatabase } from '../src';

describe('transient database faults (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Knex;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'retries', migrations: [] });
    await db.schema.createTable('counters', (table) => {
      table.text('id').primary();
      table.integer('value').notNullable();
    });
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('repeats a serializable transaction that lost a serialization race, so both writers succeed', async () => {
    await db('counters').insert({ id: 'race', value: 0 });
    let bothHaveRead!: () => void;
    const barrier = new Promise<void>((resolve) => (bothHaveRead = resolve));
    let readers = 0;
    const increment = () => db.transaction(async (trx) => {
      const { value } = await trx('counters').where({ id: 'race' }).first();
      if (++readers === 2) bothHaveRead();
      await barrier;
      await trx('counters').where({ id: 'race' }).update({ value: value + 1 });
    }, { isolationLevel: 'serializable' });
    await Promise.all([increment(), increment()]);
    expect((await db('counters').where({ id: 'race' }).first()).value).toBe(2);
  });

  it('repeats a read whose connection the server ended', async () => {
    await db('counters').insert({ id: 'read', value: 7 });
    const pids = (await db.raw('SELECT pg_backend_pid() AS pid')).rows;
    await db.raw('SELECT pg_terminate_backend(?)', [pids[0].pid]).catch(() => undefined);
    expect(await db('counters').where({ id: 'read' }).first()).toMatchObject({ value: 7 });
  });

  it('does not repeat work that failed for its own reasons', async () => {
    let attempts = 0;
    await expect(db.transaction(async () => {
      attempts++;
      throw new Error('a verdict, not a fault');
    })).rejects.toThrow('a verdict');
    expect(attempts).toBe(1);
  });
});
