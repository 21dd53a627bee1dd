import type { Migration } from '@signet/db';

/**
 * Field placements and recipient roles. Existing rows carry over as they were: placements without
 * field properties (signatures), recipients as SIGNERs.
 */
export const fieldsMigration: Migration = {
  name: 'envelope_fields',
  async up(knex) {
    await knex.schema.alterTable('placements', (table) => {
      table.text('name');
      table.boolean('required');
      table.boolean('readonly');
      table.text('default_value');
      table.text('options');
      table.text('pattern');
      table.text('min');
      table.text('max');
      table.decimal('width', 10, 4);
      table.decimal('height', 10, 4);
    });
    await knex.schema.alterTable('recipients', (table) => {
      table.text('role').notNullable().defaultTo('SIGNER');
      table.text('witness_of');
    });
    await knex.schema.createTable('field_attachments', (table) => {
      table.text('id').primary();
      table.text('envelope_id').notNullable().references('id').inTable('envelopes').onDelete('CASCADE');
      table.text('recipient_id').notNullable().references('id').inTable('recipients').onDelete('CASCADE');
      table.text('file_name').notNullable();
      table.text('content_type').notNullable();
      table.text('blob_key').notNullable();
      table.text('sha256').notNullable();
      table.bigInteger('file_size').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.index(['envelope_id']);
    });
    await knex.schema.createTable('field_values', (table) => {
      table.text('id').primary();
      table.text('envelope_id').notNullable().references('id').inTable('envelopes').onDelete('CASCADE');
      // One value per field: a second fill cannot insert even if it got past the status check.
      table.text('placement_id').notNullable().unique().references('id').inTable('placements').onDelete('CASCADE');
      table.text('recipient_id').notNullable().references('id').inTable('recipients').onDelete('CASCADE');
      table.jsonb('value').notNullable();
      table.timestamp('filled_at', { useTz: true }).notNullable();
      table.index(['envelope_id']);
    });
  }
};
