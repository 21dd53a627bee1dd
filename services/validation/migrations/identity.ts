import type { Migration } from '@signet/db';

/** Identity checks: each recipient's consent, their checks, each attempt (hashes and outcomes; images live sealed in the blob store). */
export const identityMigration: Migration = {
  name: 'validation_0005_identity',
  async up(knex) {
    await knex.schema.createTable('identity_consents', (table) => {
      table.text('envelope_id').notNullable();
      table.text('recipient_id').notNullable();
      table.text('tenant_id').notNullable();
      table.text('version').notNullable();
      table.text('text_sha256').notNullable();
      table.text('language').notNullable();
      table.timestamp('given_at', { useTz: true }).notNullable();
      table.text('ip_address');
      table.text('user_agent');
      table.primary(['envelope_id', 'recipient_id']);
    });
    await knex.schema.createTable('identity_checks', (table) => {
      table.text('id').primary();
      table.text('tenant_id').notNullable();
      table.text('envelope_id').notNullable();
      table.text('recipient_id').notNullable();
      table.text('envelope_api_key_id').notNullable();
      table.text('check').notNullable();
      table.text('method').notNullable();
      table.text('status').notNullable();
      table.integer('attempts_used').notNullable();
      table.integer('max_attempts').notNullable();
      table.integer('retention_days').notNullable();
      table.text('challenge');
      table.timestamp('attempt_expires_at', { useTz: true });
      table.jsonb('policy');
      table.text('provider_reference');
      table.jsonb('document');
      table.timestamp('decided_at', { useTz: true });
      table.jsonb('manual');
      table.jsonb('assertion');
      table.timestamp('images_purged_at', { useTz: true });
      table.jsonb('recipient').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.timestamp('updated_at', { useTz: true }).notNullable();
      table.unique(['envelope_id', 'recipient_id', 'check']);
      table.index(['provider_reference']);
    });
    await knex.schema.createTable('identity_attempts', (table) => {
      table.text('id').primary();
      table.text('check_id').notNullable().references('id').inTable('identity_checks').onDelete('CASCADE');
      table.integer('number').notNullable();
      table.text('outcome').notNullable();
      table.jsonb('reasons').notNullable();
      table.jsonb('subchecks').notNullable();
      table.jsonb('versions').notNullable();
      table.jsonb('document');
      table.jsonb('images').notNullable();
      table.text('ip_address');
      table.text('user_agent');
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.unique(['check_id', 'number']);
    });
  }
};
