import type { Knex } from 'knex';
import { prepared } from '@signet/db';
import type { Overrides } from './settings-overrides';

export function settingsRepository(db: Knex) {
  return {
    async findOverrides(apiKeyId: string, tenantId: string): Promise<Overrides> {
      // Read for every envelope created.
      const row = await prepared('settings_find_overrides', db('api_key_settings').select('overrides').where({ api_key_id: apiKeyId, tenant_id: tenantId }).first());
      return (row?.overrides as Overrides | undefined) ?? {};
    },

    /** Locks the key's row (creating it empty if needed) so concurrent updates apply one after another. */
    async lockOverrides(trx: Knex.Transaction, apiKeyId: string, tenantId: string, now: Date): Promise<Overrides> {
      await trx('api_key_settings').insert({ api_key_id: apiKeyId, tenant_id: tenantId, overrides: {}, updated_at: now }).onConflict('api_key_id').ignore();
      const row = await trx('api_key_settings').select('overrides').where({ api_key_id: apiKeyId, tenant_id: tenantId }).forUpdate().first();
      return (row?.overrides as Overrides | undefined) ?? {};
    },

    async saveOverrides(trx: Knex.Transaction, apiKeyId: string, overrides: Overrides, now: Date): Promise<void> {
      await trx('api_key_settings').where({ api_key_id: apiKeyId }).update({ overrides, updated_at: now });
    }
  };
}

export type SettingsRepository = ReturnType<typeof settingsRepository>;
