import { AppError, hashSecretToken } from '@signet/http';
import type { Knex } from 'knex';
import type { EnvelopeDeps } from '../envelope-deps';
import type { EnvelopeAggregate, RecipientRow } from '../model';
import { signingState, type SigningState } from './signing-state';

export interface SigningAccess {
  aggregate: EnvelopeAggregate;
  recipient: RecipientRow;
  state: SigningState;
}

/** One answer for a token that never existed and one that was revoked: neither tells anything. */
const UNKNOWN_LINK = () => new AppError('NOT_FOUND', 'Signing link not found');

/**
 * The envelope and recipient a signing token opens, with what it allows now. The token is the only
 * credential: its hash finds the recipient, and the tenant comes from the envelope, not the caller.
 */
export async function loadSigningAccess(deps: EnvelopeDeps, db: Knex | Knex.Transaction, token: string, options: { forUpdate?: boolean } = {}): Promise<SigningAccess> {
  const hash = hashSecretToken(token);
  const link = await deps.store.signingLink(db, hash);
  if (!link) throw UNKNOWN_LINK();
  const aggregate = await deps.store.load(db, link.tenant_id, link.envelope_id, options);
  const recipient = aggregate?.recipients.find((candidate) => candidate.access_token_hash === hash && candidate.access_revoked_at === null);
  if (!aggregate || !recipient) throw UNKNOWN_LINK();
  return { aggregate, recipient, state: signingState(aggregate, recipient) };
}
