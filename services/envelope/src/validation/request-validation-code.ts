import { validationsFor } from '@signet/contracts';
import { AppError, type RequestContext } from '@signet/http';
import type { EnvelopeDeps } from '../envelope-deps';
import { recipientFacts } from '../recipient-facts';
import type { CodeAction, CodeRequest, RelayedAnswer, ValidationGate } from '../validation-client';

/** One message for every miss: which ids exist elsewhere is nobody's business. */
const NOT_FOUND = () => new AppError('NOT_FOUND', 'Envelope or recipient not found');

async function findRecipient(deps: EnvelopeDeps, context: RequestContext, envelopeId: string, recipientId: string) {
  const found = await deps.store.recipientWithEnvelope(deps.db, context.tenantId, envelopeId, recipientId);
  if (!found) throw NOT_FOUND();
  return found;
}

export interface ValidationCodeInput {
  context: RequestContext;
  envelopeId: string;
  recipientId: string;
  action: CodeAction;
  request: CodeRequest;
}

/**
 * POST /api/v1/envelopes/:envelope_id/recipients/:recipient_id/validations/send_code and .../verify_code:
 * the recipient of the caller's tenant (404 for any miss, in one query), handed to the validation part
 * with the checked request; its answer is passed on as it came.
 */
export async function requestValidationCode(deps: EnvelopeDeps, input: ValidationCodeInput): Promise<RelayedAnswer> {
  const { envelope, recipient } = await findRecipient(deps, input.context, input.envelopeId, input.recipientId);
  return deps.validations.code(input.context, input.action, recipientFacts(envelope, recipient), input.request);
}

/**
 * GET /internal/envelopes/:id/recipients/:recipient_id/validation: the recipient's gate as the signing
 * flow sees it, for operators and tests; another tenant's recipient is 404.
 */
export async function getRecipientValidation(deps: EnvelopeDeps, input: { context: RequestContext; envelopeId: string; recipientId: string }): Promise<ValidationGate> {
  const { envelope, recipient } = await findRecipient(deps, input.context, input.envelopeId, input.recipientId);
  return deps.validations.gate(input.context, { envelopeId: envelope.id, recipientId: recipient.id, validations: validationsFor(envelope.settings.validations, recipient.validations) });
}
