import type { Knex } from 'knex';

/**
 * Applies an event's effect at most once per consumer: the inbox row and the effect commit in one
 * transaction, so a redelivered event finds its row and is skipped. Returns false for a duplicate.
 */
export async function consumeOnce(db: Knex, consumer: string, eventId: string, apply: (trx: Knex.Transaction) => Promise<void>): Promise<boolean> {
  return db.transaction(async (trx) => {
    const inserted = await trx('inbox').insert({ consumer, event_id: eventId }).onConflict(['consumer', 'event_id']).ignore().returning('event_id');
    if (inserted.length === 0) return false;
    await apply(trx);
    return true;
  });
}
