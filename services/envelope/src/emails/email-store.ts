import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export type LifecycleMailKind = 'INVITATION' | 'VOIDED' | 'REJECTED' | 'SIGNED' | 'REMINDER' | 'EXPIRY_WARNING' | 'EXPIRED';

export interface LifecycleMailRow {
  id: string;
  tenant_id: string;
  envelope_id: string;
  recipient_id: string;
  kind: LifecycleMailKind;
  status: 'PENDING' | 'SENT' | 'BOUNCED' | 'DROPPED';
  sealed: Buffer | null;
  last_error: string | null;
  request_id: string | null;
  handed_at: Date | null;
  sent_at: Date | null;
  bounced_at: Date | null;
  created_at: Date;
}

/** The tracking row of an invitation, with what its events need. */
export interface TrackedMail {
  token_hash: string;
  opened_at: Date | null;
  clicked_at: Date | null;
  mail: LifecycleMailRow;
}

export function emailStore() {
  return {
    async saveSigningLink(trx: Knex.Transaction, recipientId: string, sealedUrl: Buffer, now: Date): Promise<void> {
      await trx('signing_links').insert({ recipient_id: recipientId, sealed_url: sealedUrl, created_at: now }).onConflict('recipient_id').merge();
    },

    async signingLink(db: Db, recipientId: string): Promise<Buffer | null> {
      const row = await db('signing_links').where({ recipient_id: recipientId }).first('sealed_url');
      return row?.sealed_url ?? null;
    },

    async insertMail(trx: Knex.Transaction, row: LifecycleMailRow): Promise<void> {
      await trx('lifecycle_mails').insert(row);
    },

    async insertTracking(trx: Knex.Transaction, tokenHash: string, mailId: string): Promise<void> {
      await trx('email_tracking').insert({ token_hash: tokenHash, mail_id: mailId });
    },

    async update(db: Db, id: string, changes: Partial<LifecycleMailRow>): Promise<void> {
      await db('lifecycle_mails').where({ id }).update(changes);
    },

    /** Records the server's acceptance; a bounce already reported for the mail keeps it BOUNCED. */
    async markSent(db: Db, id: string, sentAt: Date): Promise<void> {
      await db('lifecycle_mails').where({ id })
        .update({ sent_at: sentAt, sealed: null, status: db.raw("CASE WHEN bounced_at IS NULL THEN 'SENT' ELSE status END") });
    },

    /** Marks the mail BOUNCED unless a bounce was already recorded (a report, or the worker); true when this one did. */
    async markBounced(db: Db, id: string, changes: Partial<LifecycleMailRow> & { bounced_at: Date }): Promise<boolean> {
      const updated = await db('lifecycle_mails').where({ id }).whereNull('bounced_at').update({ ...changes, status: 'BOUNCED' });
      return updated > 0;
    },

    async find(db: Db, id: string, options: { forUpdate?: boolean } = {}): Promise<LifecycleMailRow | null> {
      const query = db('lifecycle_mails').where({ id }).first();
      return (await (options.forUpdate ? query.forUpdate() : query)) ?? null;
    },

    async tracked(trx: Knex.Transaction, tokenHash: string): Promise<TrackedMail | null> {
      const tracking = await trx('email_tracking').where({ token_hash: tokenHash }).forUpdate().first();
      if (!tracking) return null;
      const mail = await trx('lifecycle_mails').where({ id: tracking.mail_id }).first();
      return { token_hash: tracking.token_hash, opened_at: tracking.opened_at, clicked_at: tracking.clicked_at, mail };
    },

    async markTracking(trx: Knex.Transaction, tokenHash: string, changes: { opened_at?: Date; clicked_at?: Date }): Promise<void> {
      await trx('email_tracking').where({ token_hash: tokenHash }).update(changes);
    }
  };
}

export type EmailStore = ReturnType<typeof emailStore>;
