import { NO_VALIDATION, validationsFor } from '@signet/contracts';
import type { EnvelopeDeps } from '../envelope-deps';
import type { ValidationGate } from '../validation-client';
import type { SigningAccess } from './signing-access';


/** Documents stay hidden while a channel asked for at order 0 is unverified. */
export function documentsLocked(gate: ValidationGate): boolean {
  return gate.required && gate.order === 0 && !gate.verified;
}

/** What the signer still has to do, for a refusal: the codes, then the identity document and the selfie. */
export function verifyFirst(gate: ValidationGate): string {
  const pending = (['email', 'sms'] as const).filter((channel) => gate.channels[channel].required && !gate.channels[channel].verified);
  if (pending.length === 2) return 'Verify the codes sent to you by email and by SMS';
  if (pending.length === 1) return pending[0] === 'sms' ? 'Verify the code sent to you by SMS' : 'Verify the code emailed to you';
  const { id_check: idCheck, biometric } = gate.channels;
  if (idCheck.required && !idCheck.verified) return 'Verify your identity document';
  if (biometric.required && !biometric.verified) return 'Take the selfie that is compared with your identity document';
  return 'Verify your identity';
}

/**
 * Asks the validation part (one call, one way: that part never calls back) only when the envelope enables
 * email or phone validation or an identity check, so envelopes without it sign even where that part is not deployed. The call
 * speaks for the envelope's tenant and creator key: the signer has no key of their own.
 */
export async function validationGate(deps: EnvelopeDeps, access: Pick<SigningAccess, 'aggregate' | 'recipient'>, requestId: string): Promise<ValidationGate> {
  const { envelope } = access.aggregate;
  const validations = validationsFor(envelope.settings.validations, access.recipient.validations);
  // Envelopes stored before phone validation or identity checks existed lack those settings: off.
  const { email, phone, id_check: idCheck, biometric } = validations;
  if (!email.enabled && phone?.enabled !== true && idCheck?.enabled !== true && biometric?.enabled !== true) return NO_VALIDATION;
  const context = { tenantId: envelope.tenant_id, apiKeyId: envelope.api_key_id, plan: '', requestId };
  return deps.validations.gate(context, { envelopeId: envelope.id, recipientId: access.recipient.id, validations });
}
