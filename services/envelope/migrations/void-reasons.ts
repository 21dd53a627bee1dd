import type { Migration } from '@signet/db';

/** The sender's reason for voiding: on the envelope, and on a `void` batch for every envelope it voids. */
export const voidReasonsMigration: Migration = {
  name: 'envelope_void_reasons',
  async up(knex) {
    await knex.schema.alterTable('envelopes', (table) => {
      table.text('void_reason');
    });
    await knex.schema.alterTable('batches', (table) => {
      table.text('reason');
    });
  }
};
