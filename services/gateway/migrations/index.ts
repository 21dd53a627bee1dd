import type { Migration } from '@signet/db';
import { createRateLimitCounters } from '@signet/rate-limit';

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
    up: createRateLimitCounters
  },
  {
    name: 'gateway_0003_idempotency_keys',
    async up(knex) {
      await knex.schema.createTable('idempotency_keys', (table) => {
        table.text('api_key_id').notNullable();
        table.text('key').notNullable();
        table.text('method').notNullable();
        table.text('path').notNullable();
        // RUNNING while the first request is in flight (held by `owner` until `lease_until`), then DONE.
        table.text('state').notNullable();
        table.text('owner').notNullable();
        table.timestamp('lease_until', { useTz: true }).notNullable();
        table.text('fingerprint');
        table.integer('response_status');
        table.jsonb('response_headers');
        table.binary('response_body');
        table.timestamp('created_at', { useTz: true }).notNullable();
        table.timestamp('expires_at', { useTz: true }).notNullable().index();
        table.primary(['api_key_id', 'key']);
      });
    }
  }
];
