import type { Settings } from '@signet/contracts';
import type { Knex } from 'knex';

/** A link that ended with its envelope: voided or expired. */
export interface EndedLink {
  state: 'VOIDED' | 'EXPIRED';
  settings: Settings;
}

/**
 * The state and settings of a VOIDED or EXPIRED envelope whose end revoked this token. The JSON API answers
 * such a link 404 like any unknown one; the page, read by a person holding the link, says what happened
 * and whom to ask.
 */
export async function endedLink(db: Knex, tokenHash: string): Promise<EndedLink | null> {
  const row = await db('recipients').join('envelopes', 'envelopes.id', 'recipients.envelope_id')
    .select('envelopes.settings', 'envelopes.status')
    .where({ 'recipients.access_token_hash': tokenHash }).whereIn('envelopes.status', ['VOIDED', 'EXPIRED'])
    .whereNotNull('recipients.access_revoked_at').first() as { settings: Settings; status: EndedLink['state'] } | undefined;
  return row ? { state: row.status, settings: row.settings } : null;
}
