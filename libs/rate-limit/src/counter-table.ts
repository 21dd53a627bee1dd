import type { Knex } from 'knex';

export const RATE_LIMIT_COUNTERS = 'rate_limit_counters';

/**
 * The counter table, for a part's own migration: each part that limits keeps its counters in its own
 * database, in this one shape. A row is one subject's count in one bucket's window.
 */
export async function createRateLimitCounters(knex: Knex): Promise<void> {
  await knex.schema.createTable(RATE_LIMIT_COUNTERS, (columns) => {
    columns.text('subject').notNullable();
    columns.text('bucket').notNullable();
    columns.text('window').notNullable();
    columns.timestamp('window_start', { useTz: true }).notNullable();
    columns.integer('count').notNullable();
    columns.primary(['subject', 'bucket', 'window', 'window_start']);
  });
}
