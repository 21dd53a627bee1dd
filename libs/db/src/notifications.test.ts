import knex from 'knex';
import { connectionSettingsOf } from './notifications';

describe('the LISTEN connection', () => {
  it('connects with the pool\'s password (the embedded PostgreSQL of npm start has one)', async () => {
    const db = knex({ client: 'pg', connection: 'postgres://signet:s3cret@127.0.0.1:5999/signet' });
    try {
      expect(connectionSettingsOf(db)).toMatchObject({ user: 'signet', password: 's3cret', host: '127.0.0.1', database: 'signet' });
    } finally {
      await db.destroy();
    }
  });
});
