import type { Migration } from '@signet/db';

export const gatewayMigrations: readonly Migration[] = [
  {
    name: 'gateway_0001_api_keys',
    async up(knex) {
      await knex.schema.createTable('api_keys', (table) => {
        table.text('id').primary();
        table.text('tenant_id').notNullable().index();
        table.text('plan').notNullable();
        table.text('name').notNullable();
        table.text('key_hash').notNullable().unique();
        table.text('key_prefix').notNullable();
        table.integer('envelopes_per_hour');
        table.integer('envelopes_per_day');
        table.timestamp('created_at', { useTz: true }).notNullable();
        table.timestamp('revoked_at', { useTz: true });
      });
    }
  },
  {
    name: 'gateway_0002_rate_limit_counters',
    async up(knex) {
      await knex.schema.createTable('rate_limit_counters', (table) => {
        table.text('subject').notNullable();
        table.text('bucket').notNullable();
        table.text('window').notNullable();
        table.timestamp('window_start', { useTz: true }).notNullable();
        table.integer('count').notNullable();
        table.primary(['subject', 'bucket', 'window', 'window_start']);
      });
    }
  }
];
