import type { Migration } from '@signet/db';

/**
 * Documents signed revision by revision (signature.level advanced or qualified): each act appends one
 * revision per document, its PDF in the blob store, with the act's certificate chain for the /DSS and
 * the reports.
 */
export const signatureRevisionsMigration: Migration = {
  name: 'envelope_signature_revisions',
  async up(knex) {
    await knex.schema.createTable('signature_revisions', (table) => {
      table.text('id').primary();
      table.text('envelope_id').notNullable();
      table.text('document_id').notNullable();
      table.text('recipient_id').notNullable();
      // 1 for the first act's revision, then one more per act; unique, so two acts can never both be next.
      table.integer('revision').notNullable();
      table.text('level').notNullable();
      table.text('blob_key').notNullable();
      table.text('sha256').notNullable();
      // The act's certificate first, then its CA chain, DER in base64.
      table.jsonb('certificates').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.unique(['document_id', 'revision']);
      table.index(['envelope_id']);
    });
  }
};
