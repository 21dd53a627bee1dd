import type { Knex } from 'knex';
import type { PendingMailRow } from '../model';

type Db = Knex | Knex.Transaction;

export function mailStore() {
  return {
    async insert(trx: Knex.Transaction, row: PendingMailRow): Promise<void> {
      await trx('pending_mails').insert(row);
    },

    async find(db: Db, id: string): Promise<PendingMailRow | null> {
      return (await db('pending_mails').where({ id }).first()) ?? null;
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
