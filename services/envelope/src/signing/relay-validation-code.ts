import { SendCodeRequest, VerifyCodeRequest } from '@signet/contracts';
import { parseWith } from '@signet/http';
import type { EnvelopeDeps } from '../envelope-deps';
import { recipientFacts } from '../recipient-facts';
import type { CodeAction, CodeRequest, RelayedAnswer } from '../validation-client';
import { loadSigningAccess } from './signing-access';
import { assertReady } from './signing-state';

/**
 * What the signer's body may say, and nothing else (the signing API ignores fields it does not know;
 * the integrator's routes refuse them): the channel (email unless named) and, to verify, the code.
 */
export function signerCodeRequest(action: CodeAction, body: unknown): CodeRequest {
  const given = (typeof body === 'object' && body !== null ? body : {}) as { code?: unknown; channel?: unknown };
  const relayed = {
    ...(action === 'verify_code' ? { code: given.code } : {}),
    ...(given.channel === undefined ? {} : { channel: given.channel })
  };
  // As JSON would carry it: a field without a value is no field.
  const present = JSON.parse(JSON.stringify(relayed)) as unknown;
  return action === 'verify_code' ? parseWith(VerifyCodeRequest, present) : parseWith(SendCodeRequest, present);
}

export interface SigningCodeInput {
  token: string;
  action: CodeAction;
  /** The signer's JSON body as it came. */
  body: unknown;
  requestId: string;
}

/**
 * POST /signing/v1/:token/validation/send_code and .../verify_code: the recipient-facing side of the
 * integrator's code routes. The token names the recipient; the call speaks for the envelope's tenant and
 * creator key, and the validation part's answer (limits and attempts included) is passed on as it came.
 */
export async function relaySigningCode(deps: EnvelopeDeps, input: SigningCodeInput): Promise<RelayedAnswer> {
  const access = await loadSigningAccess(deps, deps.db, input.token);
  assertReady(access);
  const request = signerCodeRequest(input.action, input.body);
  const { envelope } = access.aggregate;
  const context = { tenantId: envelope.tenant_id, apiKeyId: envelope.api_key_id, plan: '', requestId: input.requestId };
  return deps.validations.code(context, input.action, recipientFacts(envelope, access.recipient), request);
}
