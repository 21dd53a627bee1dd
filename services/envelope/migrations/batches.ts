import type { Migration } from '@signet/db';

/** Batches (POST /api/v1/batches) and their items. */
export const batchesMigration: Migration = {
  name: 'envelope_0005_batches',
  async up(knex) {
    await knex.schema.createTable('batches', (table) => {
      table.text('id').primary();
      table.text('tenant_id').notNullable();
      table.text('api_key_id').notNullable();
      table.text('plan').notNullable();
      table.text('request_id');
      table.text('operation').notNullable();
      table.text('status').notNullable();
      table.integer('total').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.timestamp('completed_at', { useTz: true });
      // When a worker last ran one of its items: the least recently served batch goes next, so a batch of
      // 100 does not hold back a batch sent after it.
      table.timestamp('served_at', { useTz: true });
      table.index(['tenant_id', 'id']);
    });
    await knex.schema.createTable('batch_items', (table) => {
      table.text('batch_id').notNullable().references('id').inTable('batches').onDelete('CASCADE');
      table.integer('index').notNullable();
      // What the item asks for (an envelope definition or an envelope id); emptied once it has run.
      table.jsonb('input');
      table.text('status').notNullable();
      table.text('envelope_id');
      table.jsonb('error');
      table.timestamp('finished_at', { useTz: true });
      table.primary(['batch_id', 'index']);
    });
    await knex.raw(`CREATE INDEX batch_items_pending ON batch_items (batch_id, index) WHERE status = 'PENDING'`);
  }
};
