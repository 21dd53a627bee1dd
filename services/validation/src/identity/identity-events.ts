import type { Knex } from 'knex';
import { writeOutboxEvent } from '@signet/bus';
import type { IdentityCheckName, IdentityEventDetails, RecipientPayload } from '@signet/contracts';
import type { IdentityCheckRow } from './identity-model';

export type IdentityStep = 'started' | 'success' | 'failed' | 'locked' | 'expired' | 'reset';

const eventType = (check: IdentityCheckName, step: IdentityStep) => `recipient.validation_${check}_${step}` as const;

/** The `identity` of the events: state and outcome codes, never an image, a name, a number or a score. */
export function identityDetails(check: IdentityCheckRow, attempt: { number: number; reasons: string[] } | null, apiKeyId: string | null): IdentityEventDetails {
  return {
    id: check.id,
    check: check.check,
    status: check.status,
    method: check.method,
    attempt: attempt?.number ?? null,
    attempts_left: Math.max(0, check.max_attempts - check.attempts_used),
    max_attempts: check.max_attempts,
    reasons: attempt?.reasons ?? [],
    provider_reference: check.provider_reference,
    decided_at: check.decided_at === null ? null : check.decided_at.toISOString(),
    api_key_id: apiKeyId
  };
}

interface IdentityEvent {
  step: IdentityStep;
  check: IdentityCheckRow;
  attempt?: { number: number; reasons: string[] } | null;
  /** A sender's reset or manual pass: the key that did it. */
  apiKeyId?: string | null;
  requestId: string | null;
  at: Date;
}

/** Records an identity check's event in the caller's transaction, keyed by the envelope, addressed to its creator key. */
export async function writeIdentityEvent(trx: Knex.Transaction, event: IdentityEvent): Promise<void> {
  const { check } = event;
  await writeOutboxEvent(trx, {
    eventType: eventType(check.check, event.step),
    key: check.envelope_id,
    data: { ...check.recipient, identity: identityDetails(check, event.attempt ?? null, event.apiKeyId ?? null) },
    context: { tenantId: check.tenant_id, apiKeyId: check.envelope_api_key_id, requestId: event.requestId },
    occurredAt: event.at
  });
}

/** recipient.validation_identity_consented and recipient.validation_identity_redacted. */
export async function writeRecipientIdentityEvent(
  trx: Knex.Transaction,
  eventType: 'recipient.validation_identity_consented' | 'recipient.validation_identity_redacted',
  who: { tenant_id: string; envelope_id: string; envelope_api_key_id: string; recipient: RecipientPayload },
  extra: Record<string, unknown>,
  requestId: string | null,
  at: Date
): Promise<void> {
  await writeOutboxEvent(trx, {
    eventType,
    key: who.envelope_id,
    data: { ...who.recipient, ...extra },
    context: { tenantId: who.tenant_id, apiKeyId: who.envelope_api_key_id, requestId },
    occurredAt: at
  });
}
