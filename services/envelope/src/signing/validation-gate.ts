import { NO_VALIDATION } from '@signet/contracts';
import type { EnvelopeDeps } from '../envelope-deps';
import type { ValidationGate } from '../validation-client';
import type { SigningAccess } from './signing-access';


/** Documents stay hidden while a channel asked for at order 0 is unverified. */
export function documentsLocked(gate: ValidationGate): boolean {
  return gate.required && gate.order === 0 && !gate.verified;
}

/** What the signer still has to verify, for a refusal: `Verify the code emailed to you`, `... sent to you by SMS`, or both. */
export function verifyFirst(gate: ValidationGate): string {
  const pending = (['email', 'sms'] as const).filter((channel) => gate.channels[channel].required && !gate.channels[channel].verified);
  if (pending.length === 2) return 'Verify the codes sent to you by email and by SMS';
  return pending[0] === 'sms' ? 'Verify the code sent to you by SMS' : 'Verify the code emailed to you';
}

/**
 * Asks the validation part (one call, one way: that part never calls back) only when the envelope enables
 * email or phone validation, so envelopes without it sign even where that part is not deployed. The call
 * speaks for the envelope's tenant and creator key: the signer has no key of their own.
 */
export async function validationGate(deps: EnvelopeDeps, access: Pick<SigningAccess, 'aggregate' | 'recipient'>, requestId: string): Promise<ValidationGate> {
  const { envelope } = access.aggregate;
  // Envelopes stored before phone validation existed have no `validations.phone`: off.
  if (!envelope.settings.validations.email.enabled && envelope.settings.validations.phone?.enabled !== true) return NO_VALIDATION;
  const context = { tenantId: envelope.tenant_id, apiKeyId: envelope.api_key_id, plan: '', requestId };
  return deps.validations.gate(context, { envelopeId: envelope.id, recipientId: access.recipient.id, validations: envelope.settings.validations });
}
