import { busMigrations } from '@signet/bus';
import type { Migration } from '@signet/db';

export const settingsMigrations: readonly Migration[] = [
  ...busMigrations,
  {
    name: 'settings_0001_api_key_settings',
    async up(knex) {
      await knex.schema.createTable('api_key_settings', (table) => {
        table.text('api_key_id').primary();
        table.text('tenant_id').notNullable();
        // Only what the key set explicitly: defaults stay out, so a changed default reaches every key.
        table.jsonb('overrides').notNullable();
        table.timestamp('updated_at', { useTz: true }).notNullable();
      });
    }
  }
];
