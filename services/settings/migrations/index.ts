import { busMigrations } from '@signet/bus';
import { createNotifyTrigger, type Migration } from '@signet/db';
import { SETTINGS_CHANGED_CHANNEL } from '../src/overrides-cache';

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
  },
  {
    // Any write to the stored settings, by whatever path, tells every replica's overrides cache when it
    // commits (NOTIFY is delivered then, once per transaction and payload).
    name: 'settings_0002_settings_changed_notify',
    async up(knex) {
      await createNotifyTrigger(knex, {
        name: 'settings_changed_notify', table: 'api_key_settings', on: 'INSERT OR UPDATE OR DELETE OR TRUNCATE', channel: SETTINGS_CHANGED_CHANNEL
      });
    }
  }
];
