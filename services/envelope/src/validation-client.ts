import type { EnvelopeStatus, RecipientPayload, Settings, ValidationStatus } from '@signet/contracts';
import { AppError, callInternal, RequestContext, signInternalHeaders } from '@signet/http';

/**
 * The validation part's gate: per channel (email, sms) whether this recipient must verify a code, where
 * (0: before the documents are shown; 1: before signing) and whether they have; and in summary
 * (`required`, `verified` when every required channel is, `order` the lowest still to pass).
 */
export type ValidationGate = ValidationStatus;

/** The validation part's answer as it came: the signer page and integrators get its status, message and limits as they are. */
export interface RelayedAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export type CodeAction = 'send_code' | 'verify_code';

/** The recipient as the validation part needs it, sent with each code call: that part calls no other part. */
export interface RecipientFacts {
  envelope: {
    id: string; name: string; status: EnvelopeStatus; api_key_id: string;
    settings: {
      validations: Settings['validations'];
      localization: Settings['localization'];
      signature_flow: Pick<Settings['signature_flow'], 'language' | 'sender_name'>;
      branding: Pick<Settings['branding'], 'name' | 'sender_email' | 'reply_to'>;
    };
  };
  recipient: RecipientPayload;
  phone: string | null;
}

/** A checked send_code or verify_code request: the channel (email unless named) and, to verify, the code. */
export interface CodeRequest {
  channel?: 'email' | 'sms';
  code?: string;
}

export interface ValidationClient {
  gate(context: RequestContext, recipient: { envelopeId: string; recipientId: string; validations: Settings['validations'] }): Promise<ValidationGate>;
  /** send_code or verify_code for a recipient, on behalf of the envelope's tenant and creator key. */
  code(context: RequestContext, action: CodeAction, facts: RecipientFacts, request: CodeRequest): Promise<RelayedAnswer>;
  /** One of the identity checks' internal routes (`consent`, `document`, `selfie`, ...), its answer passed on as it came. */
  identity(context: RequestContext, action: IdentityAction, body: object): Promise<RelayedAnswer>;
}

export type IdentityAction = 'consent' | 'document' | 'selfie/challenge' | 'selfie' | 'session' | 'reset' | 'approve' | 'assertion' | 'redact' | 'get';

/** The limit headers of send_code, which a signer page may show (when to ask again). */
const RELAYED_HEADERS = ['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

/** POSTs to the validation part and passes its answer on: status, body and the limit headers. */
async function relay(baseUrl: string, secret: string, context: RequestContext, path: string, body: object, timeoutMs: number): Promise<RelayedAnswer> {
  const headers = { ...signInternalHeaders(secret, 'POST', path, context), 'content-type': 'application/json' };
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', `A part Signet needs did not answer (POST ${path})`);
  }
  const relayed: Record<string, string> = {};
  for (const name of RELAYED_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) relayed[name] = value;
  }
  return { status: response.status, headers: relayed, body: await response.json().catch(() => ({})) };
}

/**
 * `identityTimeoutMs`: how long an identity call may take, the verifier's own limit included (a document
 * or selfie check runs in the validation part's worker pool, and may queue behind others).
 */
export function validationClient(baseUrl: () => string, secret: string, identityTimeoutMs = 90_000): ValidationClient {
  return {
    async gate(context, { envelopeId, recipientId, validations }) {
      const answer = await callInternal<ValidationGate & { request_id?: string }>({
        baseUrl: baseUrl(),
        method: 'POST',
        path: '/internal/validations/status',
        context,
        secret,
        body: { envelope_id: envelopeId, recipient_id: recipientId, validations }
      });
      // The internal answer's request id is that call's, not part of the gate a signer is shown.
      const gate = { ...answer };
      delete gate.request_id;
      return gate;
    },

    // Not callInternal: its callers pass on only 404 and 422, and a signer needs 409 and 429 (with Retry-After) too.
    code(context, action, facts, request) {
      return relay(baseUrl(), secret, context, `/internal/validations/${action}`, { ...request, recipient: facts }, 10_000);
    },

    identity(context, action, body) {
      return relay(baseUrl(), secret, context, `/internal/identity/${action}`, body, identityTimeoutMs);
    }
  };
}
