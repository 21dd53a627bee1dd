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
  },
  {
    name: 'gateway_0004_builder_sessions',
    async up(knex) {
      await knex.schema.createTable('builder_sessions', (table) => {
        table.text('id').primary();
        table.text('tenant_id').notNullable();
        table.text('api_key_id').notNullable();
        // Exactly one target: a template, an envelope, or (new_template) the template the editor creates, bound once.
        table.text('template_id');
        table.text('envelope_id');
        table.boolean('new_template').notNullable();
        // While a new-template session's one POST /api/v1/templates runs: no second may start before then.
        table.timestamp('binding_until', { useTz: true });
        table.jsonb('actions').notNullable();
        table.jsonb('origins').notNullable();
        table.jsonb('roles').notNullable();
        table.jsonb('field_types').notNullable();
        table.text('language').notNullable();
        table.timestamp('created_at', { useTz: true }).notNullable();
        table.timestamp('expires_at', { useTz: true }).notNullable().index();
        table.timestamp('revoked_at', { useTz: true });
        table.index(['tenant_id', 'id']);
      });
    }
  },
  {
    name: 'gateway_0005_api_key_scopes_rotation_last_used',
    async up(knex) {
      // Every key so far was made by an operator (CLI or configuration), who could do everything: they stay admins.
      await knex.raw("ALTER TABLE api_keys ADD COLUMN scopes text[] NOT NULL DEFAULT '{admin}'");
      await knex.raw("ALTER TABLE api_keys ALTER COLUMN scopes SET DEFAULT '{}'");
      await knex.schema.alterTable('api_keys', (table) => {
        table.timestamp('last_used_at', { useTz: true });
        // After a rotation, the replaced secret's hash, which authenticates until previous_key_expires_at.
        table.text('previous_key_hash');
        table.timestamp('previous_key_expires_at', { useTz: true });
      });
      await knex.raw('CREATE UNIQUE INDEX api_keys_previous_key_hash_unique ON api_keys (previous_key_hash) WHERE previous_key_hash IS NOT NULL');
    }
  },
  {
    name: 'gateway_0006_console_sessions',
    async up(knex) {
      await knex.schema.createTable('console_sessions', (table) => {
        table.text('id').primary();
        // SHA-256 of the cookie's secret half: the table alone signs nobody in.
        table.text('secret_hash').notNullable();
        table.text('csrf_token').notNullable();
        table.text('tenant_id').notNullable();
        table.text('api_key_id').notNullable().index();
        table.text('language').notNullable();
        table.timestamp('created_at', { useTz: true }).notNullable();
        table.timestamp('expires_at', { useTz: true }).notNullable().index();
        table.timestamp('ended_at', { useTz: true });
      });
    }
  }
];
