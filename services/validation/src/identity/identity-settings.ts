import { v7 as uuidv7 } from 'uuid';
import { DEFAULT_BIOMETRIC, DEFAULT_ID_CHECK, type BiometricSettings, type IdCheckSettings, type IdentityCheckName } from '@signet/contracts';
import { AppError } from '@signet/http';
import type { RecipientFacts } from '../recipient-facts';
import type { IdentityCheckRow } from './identity-model';

export function idCheckSettings(facts: RecipientFacts): IdCheckSettings {
  // Envelopes stored before identity checks existed have neither setting: off.
  return facts.envelope.settings.validations.id_check ?? DEFAULT_ID_CHECK;
}

export function biometricSettings(facts: RecipientFacts): BiometricSettings {
  return facts.envelope.settings.validations.biometric ?? DEFAULT_BIOMETRIC;
}

export function checkSettings(facts: RecipientFacts, check: IdentityCheckName): IdCheckSettings | BiometricSettings {
  return check === 'id_check' ? idCheckSettings(facts) : biometricSettings(facts);
}

/**
 * A signer's step on an identity check is for a sent envelope that asks for it, while the recipient has
 * not finished: anything else is a state the request cannot change, 409.
 */
export function assertIdentityApplies(facts: RecipientFacts, check: IdentityCheckName): void {
  const what = check === 'id_check' ? 'The identity document check' : 'The selfie check';
  if (!checkSettings(facts, check).enabled) throw new AppError('CONFLICT', `${what} is not enabled for this envelope (settings.validations.${check}.enabled)`);
  if (facts.envelope.status !== 'IN_PROGRESS') throw new AppError('CONFLICT', `Identity checks are only for envelopes IN_PROGRESS (this one is ${facts.envelope.status})`);
  if (facts.recipient.status !== 'PENDING' && facts.recipient.status !== 'IN_PROGRESS') {
    throw new AppError('CONFLICT', `The recipient has finished with this envelope (${facts.recipient.status})`);
  }
}

/** The row a recipient's check starts as, PENDING, with the envelope's settings of the moment. */
export function freshCheck(facts: RecipientFacts, check: IdentityCheckName, tenantId: string, now: Date): IdentityCheckRow {
  const settings = checkSettings(facts, check);
  return {
    id: uuidv7(),
    tenant_id: tenantId,
    envelope_id: facts.envelope.id,
    recipient_id: facts.recipient.id,
    envelope_api_key_id: facts.envelope.api_key_id,
    check,
    method: settings.provider,
    status: 'PENDING',
    attempts_used: 0,
    max_attempts: settings.max_attempts,
    retention_days: settings.retention_days,
    challenge: null,
    attempt_expires_at: null,
    policy: null,
    provider_reference: null,
    document: null,
    decided_at: null,
    manual: null,
    assertion: null,
    images_purged_at: null,
    recipient: facts.recipient,
    created_at: now,
    updated_at: now
  };
}

export const DAY_MS = 24 * 60 * 60_000;
