import { randomInt } from 'node:crypto';
import { SELFIE_CHALLENGES, type SelfieChallenge } from '@signet/identity';
import { AppError, type RequestContext } from '@signet/http';
import type { RecipientFacts } from '../recipient-facts';
import type { IdentityDeps } from './identity-deps';
import { writeIdentityEvent } from './identity-events';
import { identityCheckMachine } from './identity-machine';
import { assertIdentityApplies, biometricSettings, freshCheck } from './identity-settings';
import { assertConsented } from './submit-document';

/** How long a signer has to answer a challenge with their two frames. */
export const CHALLENGE_TTL_MS = 10 * 60_000;

/** The selfie compares with the portrait of a document that passed: the document check comes first. */
export async function assertDocumentPassed(deps: IdentityDeps, context: RequestContext, facts: RecipientFacts) {
  const document = await deps.identity.find(deps.db, { tenant_id: context.tenantId, envelope_id: facts.envelope.id, recipient_id: facts.recipient.id }, 'id_check');
  if (document?.status !== 'PASSED') throw new AppError('CONFLICT', 'The identity document check comes first: the selfie is compared with its photo');
  return document;
}

/**
 * The selfie step begins with a random movement the second frame must show (a head tilt to one side),
 * issued by the server and valid for ten minutes: a photo of a photo or a replayed capture does not know it.
 */
export async function issueSelfieChallenge(deps: IdentityDeps, input: { context: RequestContext; facts: RecipientFacts }): Promise<{ challenge: SelfieChallenge; expires_at: Date }> {
  const { facts, context } = input;
  assertIdentityApplies(facts, 'biometric');
  if (biometricSettings(facts).provider !== 'local') throw new AppError('CONFLICT', 'This envelope\'s selfie check runs at its provider, within the identity session');
  await assertConsented(deps, context, facts);
  await assertDocumentPassed(deps, context, facts);
  const now = deps.clock();
  const challenge = SELFIE_CHALLENGES[randomInt(SELFIE_CHALLENGES.length)] as SelfieChallenge;
  const expires = new Date(now.getTime() + CHALLENGE_TTL_MS);
  await deps.db.transaction(async (trx) => {
    const check = await deps.identity.lockCheck(trx, freshCheck(facts, 'biometric', context.tenantId, now));
    const status = identityCheckMachine.next(check.status, 'start');
    await deps.identity.update(trx, check.id, { status, challenge, attempt_expires_at: expires, recipient: facts.recipient, updated_at: now });
    if (check.status !== 'IN_PROGRESS') await writeIdentityEvent(trx, { step: 'started', check: { ...check, status }, requestId: context.requestId, at: now });
    await deps.jobs.queueExpiry(trx, check.id, expires);
  });
  deps.committed();
  return { challenge, expires_at: expires };
}
