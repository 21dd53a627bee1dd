import type { IdentitySelfieRequest } from '@signet/contracts';
import { AppError, type RequestContext } from '@signet/http';
import type { RecipientFacts } from '../recipient-facts';
import type { IdentityDeps } from './identity-deps';
import { verifying } from './identity-errors';
import type { IdentityCheckRow } from './identity-model';
import { assertIdentityApplies, biometricSettings } from './identity-settings';
import { openAttempt, recordAttempt, recorded } from './record-attempt';
import { assertDocumentPassed } from './selfie-challenge';

export interface SelfieInput {
  context: RequestContext;
  facts: RecipientFacts;
  request: IdentitySelfieRequest;
  ip: string | null;
  userAgent: string | null;
}

/** The document image of the passing document attempt, opened from the vault. */
async function passingDocumentImage(deps: IdentityDeps, documentCheck: IdentityCheckRow): Promise<Buffer> {
  const attempt = await deps.identity.passingAttempt(deps.db, documentCheck.id);
  const image = attempt?.images.find((candidate) => candidate.role === 'document');
  if (!image?.blob_key) {
    // Erased (redacted, or past retention), or never taken (an assertion or a manual pass of the ID check).
    throw new AppError('CONFLICT', 'There is no identity document photo to compare the selfie with: the sender can reset the identity check, or pass the selfie check by hand');
  }
  return deps.vault.read(image.blob_key);
}

/**
 * Two frames of the signer's face, the second doing the challenge issued: one face in each, the same
 * person in both, that person the document's portrait, real and live by the verifier's scores, and the
 * movement asked for. The challenge is used up by the attempt, passed or not.
 */
export async function submitSelfie(deps: IdentityDeps, input: SelfieInput): Promise<IdentityCheckRow> {
  const { facts, context } = input;
  assertIdentityApplies(facts, 'biometric');
  const ref = { tenant_id: context.tenantId, envelope_id: facts.envelope.id, recipient_id: facts.recipient.id };
  const check = await deps.identity.find(deps.db, ref, 'biometric');
  if (check?.challenge == null || check.attempt_expires_at === null || check.attempt_expires_at <= deps.clock()) {
    throw new AppError('CONFLICT', 'Ask for a selfie challenge first (POST .../identity/selfie/challenge): none is open');
  }
  const documentCheck = await assertDocumentPassed(deps, context, facts);
  const neutral = Buffer.from(input.request.neutral, 'base64');
  const challengeFrame = Buffer.from(input.request.challenge, 'base64');
  const attempt = { context, facts, check: 'biometric' as const, images: [{ role: 'neutral' as const, bytes: neutral }, { role: 'challenge' as const, bytes: challengeFrame }], ip: input.ip, userAgent: input.userAgent };
  const settings = biometricSettings(facts);
  const document = await passingDocumentImage(deps, documentCheck);
  const opened = await openAttempt(deps, attempt);
  const result = await verifying('neutral', () => deps.local.checkSelfie({ document, neutral, challenge: challengeFrame }, {
    similarityThreshold: settings.similarity_threshold,
    antispoofThreshold: settings.antispoof_threshold,
    livenessThreshold: settings.liveness_threshold,
    challenge: check.challenge as NonNullable<IdentityCheckRow['challenge']>
  }));
  return recordAttempt(deps, recorded(attempt), opened, { ...result, document: null });
}
