import type { Migration } from '@signet/db';
import { createRateLimitCounters } from '@signet/rate-limit';

/**
 * Envelope creations counted per tenant and fixed window (hour, day), by single creates and batch items
 * alike, where envelopes are created; and what a batch's key was allowed, for its create items.
 */
export const planLimitsMigration: Migration = {
  name: 'envelope_0007_plan_limits',
  async up(knex) {
    await createRateLimitCounters(knex);
    await knex.schema.alterTable('batches', (table) => {
      table.text('envelope_limits');
    });
  }
};
