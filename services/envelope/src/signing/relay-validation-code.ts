import type { Request, Response } from 'express';
import { AppError, requestIdOf } from '@signet/http';
import type { EnvelopeDeps } from '../envelope-deps';
import { loadSigningAccess } from './signing-access';
import { SIGNING_STATE_MESSAGES } from './signing-state';
import type { CodeAction } from '../validation-client';

/**
 * What the signer's body may say, and nothing else (the signing API ignores fields it does not know; the
 * validation routes refuse them): the channel (email unless named) and, to verify, the code.
 */
function relayedBody(action: CodeAction, body: unknown): Record<string, unknown> {
  const given = (typeof body === 'object' && body !== null ? body : {}) as { code?: unknown; channel?: unknown };
  return {
    ...(action === 'verify_code' ? { code: given.code } : {}),
    ...(given.channel === undefined ? {} : { channel: given.channel })
  };
}

/**
 * POST /signing/v1/:token/validation/send_code and .../verify_code (public, JSON `{channel?}` and
 * `{code, channel?}`): the recipient-facing side of
 * the validation part's API-key routes. The token names the recipient; the call speaks for the envelope's
 * tenant and creator key, as the signing gate does, and the answer (limits and attempts included) is
 * passed on as it came.
 */
export function relayValidationCode(deps: EnvelopeDeps, action: CodeAction) {
  return async (req: Request, res: Response): Promise<void> => {
    const access = await loadSigningAccess(deps, deps.db, String(req.params.token));
    if (access.state !== 'READY') throw new AppError('CONFLICT', SIGNING_STATE_MESSAGES[access.state]);
    const { envelope } = access.aggregate;
    const context = { tenantId: envelope.tenant_id, apiKeyId: envelope.api_key_id, plan: '', requestId: requestIdOf(res) };
    const answer = await deps.validations.code(context, envelope.id, access.recipient.id, action, relayedBody(action, req.body));
    res.status(answer.status).set(answer.headers).json(answer.body);
  };
}
