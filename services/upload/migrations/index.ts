import { busMigrations } from '@signet/bus';
import type { Migration } from '@signet/db';
import { uploadJobsMigration } from './jobs';

export const uploadMigrations: readonly Migration[] = [
  ...busMigrations,
  {
    name: 'upload_0001_uploads',
    async up(knex) {
      await knex.schema.createTable('uploads', (table) => {
        table.text('id').primary();
        table.text('tenant_id').notNullable();
        table.text('envelope_id').notNullable();
        // The key that created the envelope: its webhooks hear envelope.file_uploaded.
        table.text('envelope_api_key_id').notNullable();
        table.text('status').notNullable();
        table.text('file_name').notNullable();
        table.integer('order').notNullable();
        table.text('custom_key');
        table.text('token_hash').notNullable().unique();
        table.timestamp('expires_at', { useTz: true }).notNullable();
        table.bigInteger('max_file_size').notNullable();
        // Set while a PUT streams the file in, so a second PUT on the same URL is refused at once.
        table.timestamp('receiving_since', { useTz: true });
        // Set while a worker processes the file; a stale value means the worker died and another may take over.
        table.timestamp('processing_since', { useTz: true });
        table.text('blob_key');
        table.text('sha256');
        table.bigInteger('file_size');
        table.integer('page_count');
        table.text('file_id');
        table.text('error_message');
        table.timestamp('uploaded_at', { useTz: true });
        table.timestamp('processed_at', { useTz: true });
        table.timestamp('created_at', { useTz: true }).notNullable();
        table.timestamp('updated_at', { useTz: true }).notNullable();
        table.index(['tenant_id', 'envelope_id']);
      });
      // One active upload per order position of an envelope, enforced by the database itself.
      await knex.raw(`CREATE UNIQUE INDEX uploads_one_active_per_order ON uploads (envelope_id, "order")
        WHERE status IN ('PENDING', 'UPLOADED', 'PROCESSING')`);
      await knex.raw(`CREATE INDEX uploads_to_process ON uploads (uploaded_at) WHERE status IN ('UPLOADED', 'PROCESSING')`);
    }
  },
  uploadJobsMigration
];
