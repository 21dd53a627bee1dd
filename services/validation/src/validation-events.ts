import type { Knex } from 'knex';
import { writeOutboxEvent } from '@signet/bus';
import type { RecipientPayload } from '@signet/contracts';
import type { CodeRow } from './model';

export type ValidationEventType =
  | 'recipient.validation_code_generated'
  | 'recipient.validation_code_sent'
  | 'recipient.validation_code_success'
  | 'recipient.validation_code_failed'
  | 'recipient.validation_code_expired'
  | 'recipient.validation_max_attempts';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());
const isoAlways = (date: Date) => date.toISOString();

/** The `validation` object of the events: the code's channel and state, never the code, its hash or the phone number. */
export function validationDetails(code: CodeRow) {
  return {
    id: code.id,
    channel: code.channel,
    status: code.status,
    attempts_left: code.attempts_left,
    created_at: isoAlways(code.created_at),
    expires_at: isoAlways(code.expires_at),
    sent_at: iso(code.sent_at),
    verified_at: iso(code.verified_at)
  };
}

/**
 * Records a validation event in the caller's transaction: the recipient as other recipient events show
 * them, plus `validation`; keyed by the envelope and addressed to the key that created it.
 */
export async function writeValidationEvent(
  trx: Knex.Transaction, eventType: ValidationEventType, code: CodeRow, recipient: RecipientPayload, requestId: string | null, at: Date
): Promise<void> {
  await writeOutboxEvent(trx, {
    eventType,
    key: code.envelope_id,
    data: { ...recipient, validation: validationDetails(code) },
    context: { tenantId: code.tenant_id, apiKeyId: code.envelope_api_key_id, requestId },
    occurredAt: at
  });
}
