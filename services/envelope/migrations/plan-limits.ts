import type { Migration } from '@signet/db';

/**
 * Envelope creations counted per tenant and fixed window (hour, day), by single creates and batch items
 * alike, where envelopes are created; and what a batch's key was allowed, for its create items.
 */
export const planLimitsMigration: Migration = {
  name: 'envelope_0007_plan_limits',
  async up(knex) {
    await knex.schema.createTable('rate_limit_counters', (table) => {
      table.text('subject').notNullable();
      table.text('bucket').notNullable();
      table.text('window').notNullable();
      table.timestamp('window_start', { useTz: true }).notNullable();
      table.integer('count').notNullable();
      table.primary(['subject', 'bucket', 'window', 'window_start']);
    });
    await knex.schema.alterTable('batches', (table) => {
      table.text('envelope_limits');
    });
  }
};
