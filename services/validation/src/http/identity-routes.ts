import type { Express } from 'express';
import {
  IdentityApproveRequest, IdentityAssertionRequest, IdentityConsentRequest, IdentityDocumentRequest, IdentityResetRequest, IdentitySelfieRequest, Type
} from '@signet/contracts';
import { internalPost, requestContext } from '@signet/http';
import { giveConsent } from '../identity/give-consent';
import { getEnvelopeIdentity, getRecipientIdentity } from '../identity/get-recipient-identity';
import type { IdentityDeps } from '../identity/identity-deps';
import type { IdentityCheckRow } from '../identity/identity-model';
import { startProviderSession } from '../identity/provider-session';
import { receiveProviderWebhook } from '../identity/provider-webhook';
import { redactIdentity } from '../identity/purge-images';
import { issueSelfieChallenge } from '../identity/selfie-challenge';
import { approveCheck, assertIdentity, resetCheck } from '../identity/sender-actions';
import { submitDocument } from '../identity/submit-document';
import { submitSelfie } from '../identity/submit-selfie';
import type { RecipientFacts } from '../recipient-facts';

/** The recipient as the envelope part sends it with each call (this part calls no other). */
const Facts = Type.Object({}, { additionalProperties: true });
const Client = { ip: Type.Union([Type.String(), Type.Null()]), user_agent: Type.Union([Type.String(), Type.Null()]) };

/** Where the signer's images arrive: larger than the 1 MB of other internal calls. */
export const IDENTITY_IMAGE_PATHS = ['/internal/identity/document', '/internal/identity/selfie'];
export const STRIPE_WEBHOOK_PATH = '/identity/v1/stripe/webhook';

/** The answer of an attempt: the check as it stands now, and why the attempt failed. */
function attemptAnswer(check: IdentityCheckRow, reasons: string[]) {
  return { check: check.check, status: check.status, passed: check.status === 'PASSED', reasons, attempts_left: Math.max(0, check.max_attempts - check.attempts_used) };
}

/** The last attempt's reasons, as recorded: the answer names why, the record keeps it. */
async function lastReasons(deps: IdentityDeps, check: IdentityCheckRow): Promise<string[]> {
  const attempts = await deps.identity.attempts(deps.db, [check.id]);
  return attempts.at(-1)?.reasons ?? [];
}

/**
 * The identity checks' internal routes, called by the envelope part (it owns the public routes, checks
 * their bodies and knows the recipient), and the provider's public webhook.
 */
export function identityRoutes(deps: IdentityDeps) {
  return (router: Express): void => {
    const facts = (body: { recipient: object }) => body.recipient as RecipientFacts;
    internalPost(router, '/internal/identity/consent', Type.Object({ recipient: Facts, request: IdentityConsentRequest, ...Client }), async (context, body) => {
      const given = await giveConsent(deps, { context, facts: facts(body), request: body.request, ip: body.ip, userAgent: body.user_agent });
      return { success: true, given_at: given.given_at.toISOString() };
    });
    internalPost(router, '/internal/identity/document', Type.Object({ recipient: Facts, request: IdentityDocumentRequest, ...Client }), async (context, body) => {
      const check = await submitDocument(deps, { context, facts: facts(body), request: body.request, ip: body.ip, userAgent: body.user_agent });
      return attemptAnswer(check, await lastReasons(deps, check));
    });
    internalPost(router, '/internal/identity/selfie/challenge', Type.Object({ recipient: Facts }), async (context, body) => {
      const issued = await issueSelfieChallenge(deps, { context, facts: facts(body) });
      return { challenge: issued.challenge, expires_at: issued.expires_at.toISOString() };
    });
    internalPost(router, '/internal/identity/selfie', Type.Object({ recipient: Facts, request: IdentitySelfieRequest, ...Client }), async (context, body) => {
      const check = await submitSelfie(deps, { context, facts: facts(body), request: body.request, ip: body.ip, userAgent: body.user_agent });
      return attemptAnswer(check, await lastReasons(deps, check));
    });
    internalPost(router, '/internal/identity/session', Type.Object({ recipient: Facts, return_url: Type.String() }), async (context, body) => {
      const session = await startProviderSession(deps, { context, facts: facts(body), returnUrl: body.return_url });
      return { url: session.url, expires_at: session.expires_at.toISOString() };
    });
    internalPost(router, '/internal/identity/reset', Type.Object({ recipient: Facts, request: IdentityResetRequest }), async (context, body) => {
      await resetCheck(deps, { context, facts: facts(body), request: body.request });
      return getRecipientIdentity(deps, { context, envelopeId: facts(body).envelope.id, recipientId: facts(body).recipient.id });
    });
    internalPost(router, '/internal/identity/approve', Type.Object({ recipient: Facts, request: IdentityApproveRequest }), async (context, body) => {
      await approveCheck(deps, { context, facts: facts(body), request: body.request });
      return getRecipientIdentity(deps, { context, envelopeId: facts(body).envelope.id, recipientId: facts(body).recipient.id });
    });
    internalPost(router, '/internal/identity/assertion', Type.Object({ recipient: Facts, request: IdentityAssertionRequest }), async (context, body) => {
      await assertIdentity(deps, { context, facts: facts(body), request: body.request });
      return getRecipientIdentity(deps, { context, envelopeId: facts(body).envelope.id, recipientId: facts(body).recipient.id });
    });
    internalPost(router, '/internal/identity/redact', Type.Object({ recipient: Facts }), async (context, body) => {
      const redacted = await redactIdentity(deps, { context, facts: facts(body) });
      return { success: true, attempts: redacted.attempts, redacted_at: redacted.redacted_at.toISOString() };
    });
    internalPost(router, '/internal/identity/get', Type.Object({ envelope_id: Type.String(), recipient_id: Type.String() }), (context, body) =>
      getRecipientIdentity(deps, { context, envelopeId: body.envelope_id, recipientId: body.recipient_id }));
    internalPost(router, '/internal/identity/evidence', Type.Object({ envelope_id: Type.String() }), (context, body) => getEnvelopeIdentity(deps, { context, envelopeId: body.envelope_id }));
    router.post(STRIPE_WEBHOOK_PATH, async (req, res) => {
      await receiveProviderWebhook(deps, { rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), headers: req.headers, requestId: requestContext(res).requestId });
      res.json({ received: true });
    });
  };
}
