import { busMigrations } from '@signet/bus';
import type { Migration } from '@signet/db';
import { batchesMigration } from './batches';
import { batchJobsMigration } from './batch-jobs';
import { createRequestsMigration } from './create-requests';
import { planLimitsMigration } from './plan-limits';
import { emailsMigration } from './emails';
import { envelopeJobsMigration } from './jobs';
import { searchMigration } from './search';
import { recipientLanguageMigration } from './recipient-language';
import { sealPkiMigration } from './seal-pki';
import { expiryMigration } from './expiry';
import { fieldsMigration } from './fields';
import { templatesMigration } from './templates';
import { recipientValidationsMigration } from './recipient-validations';
import { migratedRemindersMigration } from './migrated-reminders';
import { voidReasonsMigration } from './void-reasons';
import { batchListingMigration } from './batch-listing';
import { signatureRevisionsMigration } from './signature-revisions';
import { consumerConsentsMigration } from './consumer-consents';

export const envelopeMigrations: readonly Migration[] = [
  ...busMigrations,
  {
    name: 'envelope_0001_envelopes',
    async up(knex) {
      await knex.schema.createTable('envelopes', (table) => {
        table.text('id').primary();
        table.text('tenant_id').notNullable();
        table.text('api_key_id').notNullable();
        table.text('name').notNullable();
        // True while the caller never named the envelope: it then follows its first document's name.
        table.boolean('name_is_default').notNullable();
        table.text('status').notNullable();
        table.jsonb('settings_overrides').notNullable();
        table.jsonb('settings').notNullable();
        table.jsonb('errors').notNullable();
        table.jsonb('warnings').notNullable();
        table.timestamp('created_at', { useTz: true }).notNullable();
        table.timestamp('updated_at', { useTz: true }).notNullable();
        table.timestamp('sent_at', { useTz: true });
        table.timestamp('completed_at', { useTz: true });
        table.timestamp('voided_at', { useTz: true });
        table.index(['tenant_id', 'id']);
      });
      await knex.schema.createTable('documents', (table) => {
        table.text('id').primary();
        table.text('envelope_id').notNullable().references('id').inTable('envelopes').onDelete('CASCADE');
        table.text('custom_key').notNullable();
        table.text('file_name').notNullable();
        table.text('file_type').notNullable();
        table.integer('order').notNullable();
        table.text('status').notNullable();
        table.text('blob_key').notNullable();
        table.text('sha256').notNullable();
        table.bigInteger('file_size').notNullable();
        table.integer('page_count').notNullable();
        table.jsonb('page_sizes').notNullable();
        table.text('upload_id');
        table.timestamp('created_at', { useTz: true }).notNullable();
        table.timestamp('updated_at', { useTz: true }).notNullable();
        table.index(['envelope_id']);
      });
      await knex.schema.createTable('recipients', (table) => {
        table.text('id').primary();
        table.text('envelope_id').notNullable().references('id').inTable('envelopes').onDelete('CASCADE');
        table.text('custom_key').notNullable();
        table.text('name').notNullable();
        table.text('email').notNullable();
        table.integer('order').notNullable();
        table.text('phone');
        table.text('tax_id');
        table.text('tax_label');
        table.text('rep_id');
        table.text('rep_label');
        table.text('status').notNullable();
        table.timestamp('signed_at', { useTz: true });
        table.text('access_token_hash').unique();
        table.timestamp('access_revoked_at', { useTz: true });
        table.timestamp('created_at', { useTz: true }).notNullable();
        table.timestamp('updated_at', { useTz: true }).notNullable();
        table.index(['envelope_id']);
      });
      await knex.schema.createTable('placements', (table) => {
        table.text('id').primary();
        table.text('envelope_id').notNullable().references('id').inTable('envelopes').onDelete('CASCADE');
        table.text('custom_key').notNullable();
        table.text('placement_type').notNullable();
        table.integer('order').notNullable();
        table.text('document_key').notNullable();
        table.text('recipient_key').notNullable();
        table.decimal('top', 10, 4);
        table.decimal('left', 10, 4);
        table.integer('page');
        table.text('token');
        table.timestamp('created_at', { useTz: true }).notNullable();
        table.timestamp('updated_at', { useTz: true }).notNullable();
        table.index(['envelope_id']);
      });
    }
  },
  {
    name: 'envelope_0002_signing',
    async up(knex) {
      await knex.schema.createTable('signatures', (table) => {
        table.text('id').primary();
        table.text('envelope_id').notNullable().references('id').inTable('envelopes').onDelete('CASCADE');
        // One signature per recipient: a second sign cannot insert even if it got past the status check.
        table.text('recipient_id').notNullable().unique().references('id').inTable('recipients').onDelete('CASCADE');
        table.text('signature_type').notNullable();
        table.text('text');
        table.text('image_blob_key');
        table.boolean('consent').notNullable();
        table.text('ip_address');
        table.text('user_agent');
        table.timestamp('signed_at', { useTz: true }).notNullable();
      });
      await knex.schema.alterTable('recipients', (table) => {
        table.timestamp('rejected_at', { useTz: true });
        table.text('rejection_reason');
      });
      await knex.schema.alterTable('documents', (table) => {
        table.text('signed_blob_key');
        table.text('original_sha256');
      });
      // The generated seal certificate, shared by every replica; one row.
      await knex.schema.createTable('seal_certificates', (table) => {
        table.text('id').primary();
        table.binary('p12').notNullable();
        table.text('passphrase').notNullable();
        table.text('certificate_pem').notNullable();
        table.timestamp('created_at', { useTz: true }).notNullable();
      });
    }
  },
  emailsMigration,
  searchMigration,
  batchesMigration,
  sealPkiMigration,
  createRequestsMigration,
  planLimitsMigration,
  envelopeJobsMigration,
  recipientLanguageMigration,
  batchJobsMigration,
  expiryMigration,
  fieldsMigration,
  templatesMigration,
  recipientValidationsMigration,
  migratedRemindersMigration,
  voidReasonsMigration,
  batchListingMigration,
  signatureRevisionsMigration,
  consumerConsentsMigration
];
