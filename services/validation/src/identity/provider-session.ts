import { DOCUMENT_KINDS, type DocumentKind, type ProviderVerifier } from '@signet/identity';
import { AppError, type RequestContext } from '@signet/http';
import type { RecipientFacts } from '../recipient-facts';
import type { IdentityDeps } from './identity-deps';
import { writeIdentityEvent } from './identity-events';
import { identityCheckMachine } from './identity-machine';
import type { IdentityCheckRow } from './identity-model';
import { assertIdentityApplies, biometricSettings, freshCheck, idCheckSettings } from './identity-settings';
import { assertConsented } from './submit-document';

/** How long a signer has to finish at the provider before the session is counted as abandoned. */
export const PROVIDER_SESSION_TTL_MS = 60 * 60_000;

export function documentKinds(setting: string): DocumentKind[] {
  return setting.split(',').filter((kind): kind is DocumentKind => (DOCUMENT_KINDS as readonly string[]).includes(kind));
}

export function stripeOf(deps: IdentityDeps): ProviderVerifier {
  if (deps.stripe === null) throw new AppError('CONFLICT', 'Stripe Identity is not configured on this Signet (STRIPE_IDENTITY_SECRET_KEY): ask the sender');
  return deps.stripe;
}

/**
 * The hosted provider's session for the recipient's ID check (and, with the selfie check, its matching
 * selfie), which the signer is sent to. The envelope's policy is kept with the check: the provider's
 * webhook brings no settings, and its result is judged by them.
 */
export async function startProviderSession(deps: IdentityDeps, input: { context: RequestContext; facts: RecipientFacts; returnUrl: string }): Promise<{ url: string; expires_at: Date }> {
  const { facts, context } = input;
  assertIdentityApplies(facts, 'id_check');
  const settings = idCheckSettings(facts);
  if (settings.provider !== 'stripe') throw new AppError('CONFLICT', 'This envelope\'s identity check runs on Signet: post the document photo (POST .../identity/document)');
  const stripe = stripeOf(deps);
  await assertConsented(deps, context, facts);
  const withSelfie = biometricSettings(facts).enabled;
  const names: Array<IdentityCheckRow['check']> = withSelfie ? ['id_check', 'biometric'] : ['id_check'];
  const idCheck = await deps.db.transaction(async (trx) => {
    const rows = [];
    for (const name of names) {
      const row = await deps.identity.lockCheck(trx, freshCheck(facts, name, context.tenantId, deps.clock()));
      identityCheckMachine.next(row.status, 'start');
      rows.push(row);
    }
    return rows[0] as IdentityCheckRow;
  });
  const session = await stripe.createSession({ checkId: idCheck.id, allowedKinds: documentKinds(settings.document_kinds), requireSelfie: withSelfie, returnUrl: input.returnUrl });
  const now = deps.clock();
  const expires = new Date(now.getTime() + PROVIDER_SESSION_TTL_MS);
  await deps.db.transaction(async (trx) => {
    for (const name of names) {
      const row = await deps.identity.lockCheck(trx, freshCheck(facts, name, context.tenantId, now));
      const status = identityCheckMachine.next(row.status, 'start');
      const changes = {
        status, provider_reference: session.reference, attempt_expires_at: expires, recipient: facts.recipient, updated_at: now,
        policy: { document_kinds: settings.document_kinds, countries: settings.countries, name_match: settings.name_match }
      };
      await deps.identity.update(trx, row.id, changes);
      if (row.status !== 'IN_PROGRESS') await writeIdentityEvent(trx, { step: 'started', check: { ...row, ...changes }, requestId: context.requestId, at: now });
      await deps.jobs.queueExpiry(trx, row.id, expires);
    }
  });
  deps.committed();
  return { url: session.url, expires_at: expires };
}
