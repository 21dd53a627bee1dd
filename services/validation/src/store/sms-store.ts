import type { Knex } from 'knex';
import type { SmsMessageRow, SmsStatus } from '../model';

type Db = Knex | Knex.Transaction;

/** The finished states: the message (number and text) is erased, the delivery record stays with its code. */
type Finished = Exclude<SmsStatus, 'PENDING'>;

export function smsStore() {
  return {
    async insert(trx: Knex.Transaction, row: SmsMessageRow): Promise<void> {
      await trx('sms_messages').insert(row);
    },

    /** Ends a message's delivery; its content is erased whatever the outcome. */
    async finish(db: Db, id: string, status: Finished, at: Date, outcome: { error?: string; providerMessageId?: string; providerStatus?: string } = {}): Promise<void> {
      await db('sms_messages').where({ id }).update({
        status,
        sealed: null,
        finished_at: at,
        ...(outcome.error === undefined ? {} : { last_error: outcome.error }),
        ...(outcome.providerMessageId === undefined ? {} : { provider_message_id: outcome.providerMessageId }),
        ...(outcome.providerStatus === undefined ? {} : { provider_status: outcome.providerStatus })
      });
    },

    /** A code that can no longer be used is not worth texting. */
    async dropForCode(db: Db, codeId: string, at: Date): Promise<void> {
      await db('sms_messages').where({ code_id: codeId, status: 'PENDING' }).update({ status: 'DROPPED', sealed: null, finished_at: at });
    },

    /** The message the provider knows by this id, locked until the transaction ends: its reports apply one at a time. */
    async lockByProviderId(trx: Knex.Transaction, providerMessageId: string): Promise<SmsMessageRow | null> {
      return (await trx('sms_messages').where({ provider_message_id: providerMessageId }).forUpdate().first()) ?? null;
    },

    /** The provider's newer word on a sent message's delivery, with its error when it has one. */
    async recordProviderStatus(trx: Knex.Transaction, id: string, status: string, error: string | null): Promise<void> {
      await trx('sms_messages').where({ id }).update({ provider_status: status, ...(error === null ? {} : { last_error: error }) });
    },

    async find(db: Db, id: string): Promise<SmsMessageRow | null> {
      return (await db('sms_messages').where({ id }).first()) ?? null;
    }
  };
}

export type SmsStore = ReturnType<typeof smsStore>;
