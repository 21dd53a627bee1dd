import type { RequestContext } from '@signet/http';
import type { RecipientFacts } from '../recipient-facts';
import type { IdentityDeps } from './identity-deps';
import { writeRecipientIdentityEvent } from './identity-events';
import type { IdentityAttemptRow, IdentityCheckRow } from './identity-model';

/** Erases an attempt's blobs (whether or not they were ever written) and keeps their hashes. */
async function eraseAttempt(deps: IdentityDeps, trx: Parameters<Parameters<IdentityDeps['db']['transaction']>[0]>[0], attempt: IdentityAttemptRow | null, blobKeys: string[]): Promise<void> {
  for (const key of blobKeys) await deps.vault.erase(key);
  if (attempt !== null) await deps.identity.markImagesPurged(trx, attempt);
}

/**
 * The job at the end of an attempt's retention: its images go from the blob store, whether the attempt
 * was recorded or its request died between storing and recording. Runs again until the store answers.
 */
export async function purgeAttemptImages(deps: IdentityDeps, job: { attemptId: string; checkId: string; blobKeys: string[] }): Promise<void> {
  const purged = await deps.db.transaction(async (trx) => {
    const check = await deps.identity.lockById(trx, job.checkId);
    const attempt = await deps.identity.attempt(trx, job.attemptId);
    const held = attempt?.images.some((image) => image.blob_key !== null) ?? false;
    await eraseAttempt(deps, trx, attempt, job.blobKeys);
    if (check === null || !held) return false;
    const now = deps.clock();
    await deps.identity.update(trx, check.id, { images_purged_at: now });
    await writeRecipientIdentityEvent(trx, 'recipient.validation_identity_redacted', check, { redaction: { reason: 'retention', attempts: 1 } }, null, now);
    return true;
  });
  if (purged) deps.committed();
}

/**
 * POST .../identity/redact: every image of the recipient's attempts goes now, and a provider holding some
 * (Stripe) is asked to erase them. Outcomes and hashes stay.
 */
export async function redactIdentity(deps: IdentityDeps, input: { context: RequestContext; facts: RecipientFacts }): Promise<{ attempts: number; redacted_at: Date }> {
  const ref = { tenant_id: input.context.tenantId, envelope_id: input.facts.envelope.id, recipient_id: input.facts.recipient.id };
  const checks: IdentityCheckRow[] = await deps.identity.checks(deps.db, ref);
  for (const check of checks) {
    if (check.method === 'stripe' && check.provider_reference !== null && deps.stripe !== null) await deps.stripe.redact(check.provider_reference);
  }
  const result = await deps.db.transaction(async (trx) => {
    const now = deps.clock();
    const attempts = await deps.identity.attemptsWithImages(trx, ref);
    for (const attempt of attempts) await eraseAttempt(deps, trx, attempt, attempt.images.flatMap((image) => (image.blob_key === null ? [] : [image.blob_key])));
    for (const check of checks) await deps.identity.update(trx, check.id, { images_purged_at: now });
    const who = { ...ref, envelope_api_key_id: input.facts.envelope.api_key_id, recipient: input.facts.recipient };
    await writeRecipientIdentityEvent(trx, 'recipient.validation_identity_redacted', who, { redaction: { reason: 'request', attempts: attempts.length } }, input.context.requestId, now);
    return { attempts: attempts.length, redacted_at: now };
  });
  deps.committed();
  return result;
}
