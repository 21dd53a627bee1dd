import type { Knex } from 'knex';

/**
 * How many sessions of this database wait for a lock: race tests hold a lock in one transaction, start
 * the other party, and go on once it waits, so the interleaving they test is the one that happens.
 */
export async function lockWaiters(db: Knex): Promise<number> {
  const { rows } = await db.raw("select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
  return rows[0].waiting as number;
}
