import { requestIdOf } from '@signet/http';
import type { Response } from 'express';
import type { EnvelopeDeps } from '../envelope-deps';
import type { ValidationGate } from '../validation-client';
import type { SigningAccess } from './signing-access';

const NOT_REQUIRED: ValidationGate = { required: false, order: 0, verified: false };

/**
 * Asks the validation part only when the envelope enables email validation, so envelopes without it
 * sign even where that part is not deployed. The call speaks for the envelope's tenant and creator key:
 * the signer has no key of their own.
 */
export async function validationGate(deps: EnvelopeDeps, res: Response, access: SigningAccess): Promise<ValidationGate> {
  const { envelope } = access.aggregate;
  if (!envelope.settings.validations.email.enabled) return NOT_REQUIRED;
  const context = { tenantId: envelope.tenant_id, apiKeyId: envelope.api_key_id, plan: '', requestId: requestIdOf(res) };
  return deps.validations.gate(context, envelope.id, access.recipient.id);
}
