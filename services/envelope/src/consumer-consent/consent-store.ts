import type { Knex } from 'knex';
import { prepared } from '@signet/db';

/** A recipient's consent to electronic records and signatures, as given (table `consumer_consents`). */
export interface ConsumerConsentRow {
  recipient_id: string;
  envelope_id: string;
  disclosure_version: string;
  language: string;
  text_sha256: string;
  ip_address: string | null;
  user_agent: string | null;
  consented_at: Date;
}

/** Whether a signing link's envelope asks for consent, and whether its recipient gave it. */
export interface ConsentStanding {
  required: boolean;
  given: boolean;
}

export const consentStore = {
  async find(db: Knex | Knex.Transaction, recipientId: string): Promise<ConsumerConsentRow | null> {
    return (await db<ConsumerConsentRow>('consumer_consents').where({ recipient_id: recipientId }).first()) ?? null;
  },

  async insert(trx: Knex.Transaction, row: ConsumerConsentRow): Promise<void> {
    await trx('consumer_consents').insert(row);
  },

  /**
   * The gate's one lookup by the token's hash, without loading the envelope: null for a link that opens
   * nothing (the route then answers as it always has). Envelopes stored before the setting lack it: not asked.
   */
  async standing(db: Knex, tokenHash: string): Promise<ConsentStanding | null> {
    const result = await prepared('consumer_consent_standing', db.raw(
      `SELECT coalesce((e.settings->'signature_flow'->>'consumer_consent')::boolean, false) AS required, c.recipient_id IS NOT NULL AS given
       FROM recipients r JOIN envelopes e ON e.id = r.envelope_id LEFT JOIN consumer_consents c ON c.recipient_id = r.id
       WHERE r.access_token_hash = ? AND r.access_revoked_at IS NULL`,
      [tokenHash]
    ));
    return (result.rows[0] as ConsentStanding | undefined) ?? null;
  }
};
