import knex from 'knex';
import type pg from 'pg';
import { createTestDatabase } from '@signet/testkit';
import { listMigrationSource } from './migration';
import { connectionSettingsOf } from './notifications';

describe('the connection settings a migration sees', () => {
  it('keep the password, which the transaction a migration runs in has only in its configuration (npm start\'s embedded PostgreSQL asks for it)', async () => {
    const database = await createTestDatabase();
    const url = new URL(database.url);
    url.password = 's3cret';
    const db = knex({ client: 'pg', connection: url.toString() });
    let seen: pg.ClientConfig | null = null;
    try {
      await db.migrate.latest({ migrationSource: listMigrationSource([{ name: 'sees_settings', up: async (trx) => void (seen = connectionSettingsOf(trx)) }]) });
      expect(seen).toMatchObject({ password: 's3cret', host: url.hostname, database: url.pathname.slice(1) });
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
