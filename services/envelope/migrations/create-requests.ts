import type { Migration } from '@signet/db';

/**
 * The Idempotency-Key of each create, kept with the envelope it made in the create's own transaction:
 * a retry after the answer was lost (the part killed after its commit) finds the envelope instead of
 * making a second one, whatever the gateway saw.
 */
export const createRequestsMigration: Migration = {
  name: 'envelope_0006_create_requests',
  async up(knex) {
    await knex.schema.createTable('create_requests', (table) => {
      table.text('api_key_id').notNullable();
      table.text('idempotency_key').notNullable();
      table.text('fingerprint').notNullable();
      table.text('envelope_id').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.primary(['api_key_id', 'idempotency_key']);
      table.index(['created_at']);
    });
  }
};
