import {
  IdentityApproveRequest, IdentityAssertionRequest, IdentityConsentRequest, IdentityDocumentRequest, IdentityResetRequest, IdentitySelfieRequest, type TSchema
} from '@signet/contracts';
import { AppError, parseWith, type RequestContext } from '@signet/http';
import type { EnvelopeDeps } from '../envelope-deps';
import { recipientFacts } from '../recipient-facts';
import { loadSigningAccess } from '../signing/signing-access';
import { assertReady, type SignerIdentity } from '../signing/signing-state';
import { rejectEnvelope } from '../signing/reject-envelope';
import { signingLinkBase } from '../send-envelope';
import type { IdentityAction, RelayedAnswer } from '../validation-client';

/** What a signer's identity step sends, and the schema that checks it here before anything travels. */
const SIGNER_REQUESTS: Partial<Record<IdentityAction, TSchema>> = {
  consent: IdentityConsentRequest,
  document: IdentityDocumentRequest,
  selfie: IdentitySelfieRequest
};

export interface SignerIdentityInput {
  token: string;
  action: Extract<IdentityAction, 'consent' | 'document' | 'selfie/challenge' | 'selfie' | 'session'>;
  body: unknown;
  identity: SignerIdentity;
  requestId: string;
}

/** Declining the consent is declining to sign: the envelope is rejected with this reason. */
export const DECLINED_IDENTITY_REASON = 'Declined the identity checks';

/**
 * POST /signing/v1/:token/identity/...: the signer's side of the identity checks. The token names the
 * recipient, the body is checked here, and the validation part does the work for the envelope's tenant
 * and creator key; its answer (attempts, reasons, 409s and 422s) is passed on as it came. A refused
 * consent rejects the envelope, as the signer page says it will.
 */
export async function relaySignerIdentity(deps: EnvelopeDeps, input: SignerIdentityInput): Promise<RelayedAnswer> {
  const access = await loadSigningAccess(deps, deps.db, input.token);
  assertReady(access);
  const schema = SIGNER_REQUESTS[input.action];
  const request = schema ? parseWith(schema, input.body ?? {}) : {};
  if (input.action === 'consent' && (request as IdentityConsentRequest).consent === false) {
    await rejectEnvelope(deps, { token: input.token, body: { reason: DECLINED_IDENTITY_REASON }, identity: input.identity, requestId: input.requestId });
    return { status: 200, headers: {}, body: { success: true, state: 'REJECTED' } };
  }
  const { envelope } = access.aggregate;
  const context = { tenantId: envelope.tenant_id, apiKeyId: envelope.api_key_id, plan: '', requestId: input.requestId };
  const body = {
    recipient: recipientFacts(envelope, access.recipient),
    ...(schema ? { request } : {}),
    ...(input.action === 'session' ? { return_url: `${signingLinkBase(envelope.settings, deps.config.publicBaseUrl)}/sign/${input.token}` } : { ip: input.identity.ip_address, user_agent: input.identity.user_agent })
  };
  return deps.validations.identity(context, input.action, body);
}

/** What a sender's identity action sends. */
const SENDER_REQUESTS: Partial<Record<IdentityAction, TSchema>> = {
  reset: IdentityResetRequest,
  approve: IdentityApproveRequest,
  assertion: IdentityAssertionRequest
};

export interface SenderIdentityInput {
  context: RequestContext;
  envelopeId: string;
  recipientId: string;
  action: Extract<IdentityAction, 'get' | 'reset' | 'approve' | 'assertion' | 'redact'>;
  body: unknown;
}

/**
 * GET and POST /api/v1/envelopes/:envelope_id/recipients/:recipient_id/identity[/reset|approve|assertion|redact]:
 * the recipient of the caller's tenant (404 for any miss, in one query), the checked request handed to
 * the validation part, whose answer is passed on.
 */
export async function relaySenderIdentity(deps: EnvelopeDeps, input: SenderIdentityInput): Promise<RelayedAnswer> {
  const found = await deps.store.recipientWithEnvelope(deps.db, input.context.tenantId, input.envelopeId, input.recipientId);
  if (!found) throw new AppError('NOT_FOUND', 'Envelope or recipient not found');
  const schema = SENDER_REQUESTS[input.action];
  const request = schema ? parseWith(schema, input.body ?? {}) : undefined;
  if (input.action === 'get') return deps.validations.identity(input.context, 'get', { envelope_id: found.envelope.id, recipient_id: found.recipient.id });
  return deps.validations.identity(input.context, input.action, { recipient: recipientFacts(found.envelope, found.recipient), ...(request === undefined ? {} : { request }) });
}
