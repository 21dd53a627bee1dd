import type { Settings } from '@signet/contracts';
import type { Knex } from 'knex';

/**
 * The settings of a VOIDED envelope whose void revoked this token. The JSON API answers such a link 404
 * like any unknown one; the page, read by a person holding the link, says the envelope was voided.
 */
export async function voidedLinkSettings(db: Knex, tokenHash: string): Promise<Settings | null> {
  const row = await db('recipients').join('envelopes', 'envelopes.id', 'recipients.envelope_id')
    .select('envelopes.settings')
    .where({ 'recipients.access_token_hash': tokenHash, 'envelopes.status': 'VOIDED' })
    .whereNotNull('recipients.access_revoked_at').first() as { settings: Settings } | undefined;
  return row?.settings ?? null;
}
