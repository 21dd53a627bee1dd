import type { IdentityCheckView, RecipientIdentityResponse } from '@signet/contracts';
import { ASSURANCE } from '@signet/identity';
import type { RequestContext } from '@signet/http';
import type { IdentityDeps } from './identity-deps';
import type { IdentityAttemptRow, IdentityCheckRow } from './identity-model';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** What a result may be relied on for, by how it was reached. */
function assuranceOf(check: IdentityCheckRow): string {
  if (check.method === 'local') return ASSURANCE;
  if (check.method === 'stripe') return 'Verified by Stripe Identity (document and, where asked, a selfie matched to it); see Stripe\'s own certifications.';
  if (check.method === 'assertion') return `Asserted by the integrator: verified by ${check.assertion?.provider ?? 'its provider'} at level ${check.assertion?.level ?? 'unknown'}; Signet did not see the evidence.`;
  return 'Passed by hand by a sender; Signet did not verify the person.';
}

export function checkView(check: IdentityCheckRow, attempts: IdentityAttemptRow[]): IdentityCheckView {
  return {
    id: check.id,
    check: check.check,
    status: check.status,
    method: check.method,
    assurance: assuranceOf(check),
    attempts_used: check.attempts_used,
    max_attempts: check.max_attempts,
    provider_reference: check.provider_reference,
    document: check.document,
    decided_at: iso(check.decided_at),
    manual: check.manual,
    assertion: check.assertion,
    retention_days: check.retention_days,
    images_purged_at: iso(check.images_purged_at),
    attempts: attempts.filter((attempt) => attempt.check_id === check.id).map((attempt) => ({
      number: attempt.number,
      outcome: attempt.outcome,
      reasons: attempt.reasons,
      subchecks: attempt.subchecks,
      versions: attempt.versions,
      document: attempt.document,
      images: attempt.images.map((image) => ({ role: image.role, sha256: image.sha256 })),
      created_at: attempt.created_at.toISOString()
    })),
    created_at: check.created_at.toISOString(),
    updated_at: check.updated_at.toISOString()
  };
}

/** GET .../recipients/:recipient_id/identity: consent, both checks and every attempt, without images. */
export async function getRecipientIdentity(deps: IdentityDeps, input: { context: RequestContext; envelopeId: string; recipientId: string }): Promise<Omit<RecipientIdentityResponse, 'request_id'>> {
  const ref = { tenant_id: input.context.tenantId, envelope_id: input.envelopeId, recipient_id: input.recipientId };
  const [consent, checks] = await Promise.all([deps.identity.consent(deps.db, ref), deps.identity.checks(deps.db, ref)]);
  const attempts = await deps.identity.attempts(deps.db, checks.map((check) => check.id));
  const of = (name: IdentityCheckRow['check']) => {
    const check = checks.find((candidate) => candidate.check === name);
    return check ? checkView(check, attempts) : null;
  };
  return {
    recipient_id: input.recipientId,
    consent: consent === null ? null : { version: consent.version, text_sha256: consent.text_sha256, given_at: consent.given_at.toISOString() },
    id_check: of('id_check'),
    biometric: of('biometric')
  };
}

/**
 * Every recipient's identity record of an envelope, for its evidence sheet: consent and checks with their
 * attempts, masked documents and image hashes; never an image.
 */
export async function getEnvelopeIdentity(deps: IdentityDeps, input: { context: RequestContext; envelopeId: string }): Promise<{ recipients: Array<Omit<RecipientIdentityResponse, 'request_id'>> }> {
  const envelope = { tenant_id: input.context.tenantId, envelope_id: input.envelopeId };
  const [checks, consents] = await Promise.all([deps.identity.envelopeChecks(deps.db, envelope), deps.identity.envelopeConsents(deps.db, envelope)]);
  const attempts = await deps.identity.attempts(deps.db, checks.map((check) => check.id));
  const recipientIds = [...new Set([...checks.map((check) => check.recipient_id), ...consents.map((consent) => consent.recipient_id)])];
  return {
    recipients: recipientIds.map((recipientId) => {
      const consent = consents.find((candidate) => candidate.recipient_id === recipientId);
      const of = (name: IdentityCheckRow['check']) => {
        const check = checks.find((candidate) => candidate.recipient_id === recipientId && candidate.check === name);
        return check ? checkView(check, attempts) : null;
      };
      return {
        recipient_id: recipientId,
        consent: consent ? { version: consent.version, text_sha256: consent.text_sha256, given_at: consent.given_at.toISOString() } : null,
        id_check: of('id_check'),
        biometric: of('biometric')
      };
    })
  };
}
