import type { Knex } from 'knex';
import type { CodeRow, RecipientValidationRow, ValidationChannel } from '../model';

type Db = Knex | Knex.Transaction;

/** Whose code: every query names the tenant, so another tenant's recipient is never found. */
export interface RecipientKey {
  tenant_id: string;
  envelope_id: string;
  recipient_id: string;
}

/** One recipient's codes on one channel: limits, the latest code and the standing are all per channel. */
export interface ChannelKey extends RecipientKey {
  channel: ValidationChannel;
}

export function codeStore() {
  return {
    /**
     * Takes the recipient's row lock on the channel (creating the row on first use): send_code and
     * verify_code for one recipient and channel run one after another, so neither the limits nor the
     * attempt count can be raced.
     */
    async lockRecipient(trx: Knex.Transaction, key: ChannelKey, now: Date): Promise<void> {
      await trx('recipient_validations').insert({ ...key, verified_at: null, created_at: now, updated_at: now }).onConflict(['envelope_id', 'recipient_id', 'channel']).ignore();
      await trx('recipient_validations').where(key).forUpdate().first();
    },

    /** The recipient's standing on every channel it has asked a code on. */
    async standings(db: Db, key: RecipientKey): Promise<RecipientValidationRow[]> {
      return db('recipient_validations').where(key);
    },

    async markVerified(trx: Knex.Transaction, key: ChannelKey, at: Date): Promise<void> {
      await trx('recipient_validations').where(key).update({ verified_at: at, updated_at: at });
    },

    async createdSince(trx: Knex.Transaction, key: ChannelKey, since: Date): Promise<Date[]> {
      const rows: Array<{ created_at: Date }> = await trx('validation_codes').select('created_at').where(key).where('created_at', '>', since);
      return rows.map((row) => row.created_at);
    },

    /**
     * How many SMS codes the tenant was sent since `since`, under a per-tenant transaction lock (taken
     * after the recipient's, the order every send_code takes them in): two recipients' requests cannot
     * both take the last one of the day.
     */
    async tenantSmsSince(trx: Knex.Transaction, tenantId: string, since: Date): Promise<Date[]> {
      await trx.raw('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [`validation-sms-cap:${tenantId}`]);
      const rows: Array<{ created_at: Date }> = await trx('validation_codes').select('created_at')
        .where({ tenant_id: tenantId, channel: 'sms' }).where('created_at', '>', since).orderBy('created_at');
      return rows.map((row) => row.created_at);
    },

    /**
     * The recipient's newest code on the channel, whatever its state, locked until the transaction ends: the sweeper
     * skips a locked code, so a request and the sweeper never both expire it (and announce it twice).
     */
    async latest(trx: Knex | Knex.Transaction, key: ChannelKey): Promise<CodeRow | null> {
      return (await trx('validation_codes').where(key).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).forUpdate().first()) ?? null;
    },

    async find(db: Db, id: string): Promise<CodeRow | null> {
      return (await db('validation_codes').where({ id }).first()) ?? null;
    },

    /** One code, locked until the transaction ends. */
    async lock(trx: Knex.Transaction, id: string): Promise<CodeRow | null> {
      return (await trx('validation_codes').where({ id }).forUpdate().first()) ?? null;
    },

    async insert(trx: Knex.Transaction, row: CodeRow): Promise<void> {
      await trx('validation_codes').insert(row);
    },

    async update(trx: Db, id: string, changes: Partial<CodeRow>): Promise<void> {
      await trx('validation_codes').where({ id }).update(changes);
    },

    /** Finished codes serve no rule once out of the hourly window: kept until `before`, then gone with their mails. */
    async pruneBefore(db: Db, before: Date): Promise<void> {
      await db('validation_codes').whereNot({ status: 'PENDING' }).where('created_at', '<', before).delete();
    }
  };
}

export type CodeStore = ReturnType<typeof codeStore>;
