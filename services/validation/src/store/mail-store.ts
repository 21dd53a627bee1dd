import type { Knex } from 'knex';
import type { PendingMailRow } from '../model';

type Db = Knex | Knex.Transaction;

export function mailStore() {
  return {
    async insert(trx: Knex.Transaction, row: PendingMailRow): Promise<void> {
      await trx('pending_mails').insert(row);
    },

    /**
     * Claims the mail due longest, leasing it until `leaseUntil` (a worker that dies mid-send leaves it
     * due again then). SKIP LOCKED lets replicas share the queue.
     */
    async claimDue(db: Db, now: Date, leaseUntil: Date): Promise<PendingMailRow | null> {
      const due = db('pending_mails').select('id').where('next_attempt_at', '<=', now).orderBy('next_attempt_at').limit(1).forUpdate().skipLocked();
      const [row] = await db('pending_mails').whereIn('id', due)
        .update({ next_attempt_at: leaseUntil, attempts: db.raw('attempts + 1') }).returning('*');
      return row ?? null;
    },

    async retryAt(db: Db, id: string, at: Date, error: string): Promise<void> {
      await db('pending_mails').where({ id }).update({ next_attempt_at: at, last_error: error });
    },

    async delete(db: Db, id: string): Promise<void> {
      await db('pending_mails').where({ id }).delete();
    },

    /** A code that can no longer be used is not worth emailing. */
    async deleteForCode(db: Db, codeId: string): Promise<void> {
      await db('pending_mails').where({ code_id: codeId }).delete();
    }
  };
}

export type MailStore = ReturnType<typeof mailStore>;
