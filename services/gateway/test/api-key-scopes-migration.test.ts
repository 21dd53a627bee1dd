import { listMigrationSource, openDatabase } from '@signet/db';
import { createTestDatabase } from '@signet/testkit';
import { gatewayMigrations } from '../migrations';
import { apiKeyRepository } from '../src/api-keys/api-key-repository';
import { hashApiKey } from '../src/api-keys/api-key-secret';

const SCOPES_MIGRATION = 'gateway_0005_api_key_scopes_rotation_last_used';

/** Keys made before scopes existed were all made by an operator: they keep everything they could do. */
describe('the API key scopes migration (PostgreSQL)', () => {
  it('makes every existing key, revoked or not, an admin; keys made afterwards have no scope unless given one', async () => {
    const database = await createTestDatabase();
    const before = gatewayMigrations.filter((migration) => migration.name !== SCOPES_MIGRATION);
    const db = await openDatabase({ url: database.url, schema: 'gateway', migrations: before });
    try {
      const row = (id: string, revokedAt: Date | null) => ({
        id, tenant_id: 'acme', plan: 'starter', name: 'cli', key_hash: hashApiKey(id), key_prefix: `${id}…`,
        envelopes_per_hour: null, envelopes_per_day: null, created_at: new Date(), revoked_at: revokedAt
      });
      await db('api_keys').insert([row('0190f3c2-7b7a-7cc0-9a55-3c1f2f3b8e01', null), row('0190f3c2-7b7a-7cc0-9a55-3c1f2f3b8e02', new Date())]);
      await db.migrate.latest({ schemaName: 'gateway', tableName: 'knex_migrations', migrationSource: listMigrationSource(gatewayMigrations) });

      expect(await db('api_keys').orderBy('id').select('scopes', 'last_used_at', 'previous_key_expires_at')).toEqual([
        { scopes: ['admin'], last_used_at: null, previous_key_expires_at: null },
        { scopes: ['admin'], last_used_at: null, previous_key_expires_at: null }
      ]);
      const keys = apiKeyRepository(db);
      await db('api_keys').insert(row('0190f3c2-7b7a-7cc0-9a55-3c1f2f3b8e03', null));
      expect((await keys.findActiveById('0190f3c2-7b7a-7cc0-9a55-3c1f2f3b8e03'))?.scopes).toEqual([]);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
