import type { Migration } from '@signet/db';

/**
 * Templates: an envelope definition kept to be used again. Recipients and placements are placeholders
 * (never signed, never changing state), kept as the JSON the template was given; documents are rows, so
 * a blob shared with the envelopes made from the template is found by its key before it is deleted.
 */
export const templatesMigration: Migration = {
  name: 'envelope_templates',
  async up(knex) {
    await knex.schema.createTable('templates', (table) => {
      table.text('id').primary();
      table.text('tenant_id').notNullable();
      table.text('api_key_id').notNullable();
      table.text('name').notNullable();
      table.jsonb('recipients').notNullable();
      table.jsonb('placements').notNullable();
      table.jsonb('settings').notNullable();
      table.jsonb('metadata').notNullable();
      // Lower-case name and document names, for `q`.
      table.text('search_text').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.timestamp('updated_at', { useTz: true }).notNullable();
      table.index(['tenant_id', 'created_at', 'id']);
    });
    await knex.schema.createTable('template_documents', (table) => {
      table.text('id').primary();
      table.text('template_id').notNullable().references('id').inTable('templates').onDelete('CASCADE');
      table.text('custom_key').notNullable();
      table.text('file_name').notNullable();
      table.text('file_type').notNullable();
      table.integer('order').notNullable();
      table.text('blob_key').notNullable();
      table.text('sha256').notNullable();
      table.bigInteger('file_size').notNullable();
      table.integer('page_count').notNullable();
      table.jsonb('page_sizes').notNullable();
      table.jsonb('form_fields').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.index(['template_id']);
      table.index(['blob_key']);
    });
    await knex.schema.alterTable('envelopes', (table) => {
      // Existing envelopes were made from no template: null.
      table.text('template_id');
      table.index(['tenant_id', 'template_id']);
    });
    // A template's blob is deleted only when no envelope document still refers to it.
    await knex.schema.alterTable('documents', (table) => {
      table.index(['blob_key']);
    });
  }
};
