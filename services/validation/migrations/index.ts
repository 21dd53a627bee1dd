import { busMigrations } from '@signet/bus';
import type { Migration } from '@signet/db';
import { identityMigration } from './identity';
import { validationJobsMigration } from './jobs';

export const validationMigrations: readonly Migration[] = [
  ...busMigrations,
  {
    name: 'validation_0001_codes',
    async up(knex) {
      await knex.schema.createTable('recipient_validations', (table) => {
        table.text('envelope_id').notNullable();
        table.text('recipient_id').notNullable();
        table.text('tenant_id').notNullable();
        table.timestamp('verified_at', { useTz: true });
        table.timestamp('created_at', { useTz: true }).notNullable();
        table.timestamp('updated_at', { useTz: true }).notNullable();
        table.primary(['envelope_id', 'recipient_id']);
      });
      await knex.schema.createTable('validation_codes', (table) => {
        table.text('id').primary();
        table.text('tenant_id').notNullable();
        table.text('envelope_id').notNullable();
        table.text('recipient_id').notNullable();
        table.text('envelope_api_key_id').notNullable();
        table.text('code_hash').notNullable();
        table.text('status').notNullable();
        table.integer('attempts_left').notNullable();
        table.timestamp('expires_at', { useTz: true }).notNullable();
        table.timestamp('sent_at', { useTz: true });
        table.timestamp('verified_at', { useTz: true });
        table.jsonb('recipient').notNullable();
        table.text('request_id').notNullable();
        table.timestamp('created_at', { useTz: true }).notNullable();
        table.timestamp('updated_at', { useTz: true }).notNullable();
        // The hourly cap and the latest code are both read per recipient, newest first.
        table.index(['envelope_id', 'recipient_id', 'created_at']);
        table.index(['created_at']);
      });
      await knex.raw(`CREATE INDEX validation_codes_pending_expiry ON validation_codes (expires_at) WHERE status = 'PENDING'`);
      await knex.schema.createTable('pending_mails', (table) => {
        table.text('id').primary();
        table.text('code_id').notNullable().references('id').inTable('validation_codes').onDelete('CASCADE');
        table.binary('sealed').notNullable();
        table.integer('attempts').notNullable();
        // Due time, and while a worker holds the mail, the end of its lease.
        table.timestamp('next_attempt_at', { useTz: true }).notNullable();
        table.text('last_error');
        table.timestamp('created_at', { useTz: true }).notNullable();
        table.index(['next_attempt_at']);
        table.index(['code_id']);
      });
    }
  },
  {
    name: 'validation_0002_sms',
    async up(knex) {
      await knex.schema.alterTable('validation_codes', (table) => {
        table.text('channel').notNullable().defaultTo('email');
        // The per-tenant daily SMS cap counts a tenant's SMS codes of the last 24 hours.
        table.index(['tenant_id', 'channel', 'created_at']);
      });
      await knex.schema.alterTable('recipient_validations', (table) => {
        table.text('channel').notNullable().defaultTo('email');
        table.dropPrimary();
        table.primary(['envelope_id', 'recipient_id', 'channel']);
      });
      await knex.schema.createTable('sms_messages', (table) => {
        table.text('id').primary();
        table.text('code_id').notNullable().references('id').inTable('validation_codes').onDelete('CASCADE');
        table.text('tenant_id').notNullable();
        table.text('country').notNullable();
        table.binary('sealed');
        table.text('status').notNullable();
        table.integer('attempts').notNullable();
        // Due time, and while a worker holds the message, the end of its lease.
        table.timestamp('next_attempt_at', { useTz: true }).notNullable();
        table.text('last_error');
        table.text('provider_message_id');
        table.text('provider_status');
        table.timestamp('created_at', { useTz: true }).notNullable();
        table.timestamp('finished_at', { useTz: true });
        table.index(['code_id']);
      });
      await knex.raw(`CREATE INDEX sms_messages_due ON sms_messages (next_attempt_at) WHERE status = 'PENDING'`);
    }
  },
  {
    name: 'validation_0003_sms_provider_ids',
    async up(knex) {
      // The provider's delivery reports name a message by its id at the provider.
      await knex.raw('CREATE INDEX sms_messages_provider_message_id ON sms_messages (provider_message_id) WHERE provider_message_id IS NOT NULL');
    }
  },
  validationJobsMigration,
  identityMigration
];
