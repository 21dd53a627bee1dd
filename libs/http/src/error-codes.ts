/**
 * Every machine-readable error code Signet returns, with its HTTP status. docs/errors.md lists the same
 * table for integrators; a test keeps the two in step.
 */
export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, meaning: 'The request could not be read (malformed JSON, bad multipart)' },
  UNAUTHORIZED: { status: 401, meaning: 'Missing, unknown or revoked API key or builder session token' },
  TOKEN_EXPIRED: { status: 401, meaning: "The builder session's token has expired: start a new session" },
  INTERNAL_AUTH_FAILED: { status: 401, meaning: 'A service was called without a valid internal signature' },
  FORBIDDEN: { status: 403, meaning: "The credential is valid but cannot do this (expired upload URL, wrong Content-Type, a builder session's token outside its session, an API key without the scope the route needs)" },
  CONSENT_REQUIRED: { status: 403, meaning: 'The envelope asks the recipient to consent to electronic records and signatures first (POST /signing/v1/:token/consent); nothing was done' },
  NOT_FOUND: { status: 404, meaning: 'No such resource for this tenant, or no such route' },
  METHOD_NOT_ALLOWED: { status: 405, meaning: "The envelope's state forbids the change (updating an envelope that is not CREATED or ERROR, an upload on one that is not CREATED)" },
  CONFLICT: { status: 409, meaning: "The resource's state forbids the action" },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, meaning: 'A request with this Idempotency-Key is still running; retry once it has answered' },
  PAYLOAD_TOO_LARGE: { status: 413, meaning: 'The body is larger than the endpoint accepts' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, meaning: 'The body has a content type the endpoint does not take' },
  VALIDATION_FAILED: { status: 422, meaning: 'Invalid input; `details` lists each field and what is wrong' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, meaning: 'This Idempotency-Key was used for a different request (method, path or body)' },
  SMS_COUNTRY_NOT_ALLOWED: { status: 422, meaning: "Validation SMS are not sent to the recipient phone's country on this Signet (its SMS allow-list)" },
  SIGNATURE_PROVIDER_REFUSED: { status: 422, meaning: "The remote signing service refused the signer's qualified signature (a wrong or expired code, no credential for the signer); nothing was signed" },
  RATE_LIMITED: { status: 429, meaning: 'A rate limit was reached; `Retry-After` says when to try again' },
  SMS_DAILY_LIMIT_REACHED: { status: 429, meaning: "The account's validation SMS of the last 24 hours reached its cap; `Retry-After` says when one frees" },
  HEADERS_TOO_LARGE: { status: 431, meaning: 'The request headers are larger than the server accepts' },
  INTERNAL_ERROR: { status: 500, meaning: 'An unexpected fault; the request id finds it in the logs' },
  UPSTREAM_FAILED: { status: 502, meaning: 'The part behind the gateway failed while answering; the request may or may not have taken effect' },
  SERVICE_UNAVAILABLE: { status: 503, meaning: 'A part Signet needs is not reachable right now; retry later' },
  SIGNATURE_PROVIDER_UNAVAILABLE: { status: 503, meaning: 'The remote signing service for qualified signatures did not answer; nothing was signed, try again' },
  OVERLOADED: { status: 503, meaning: 'Signet is at capacity (a full queue, a busy PDF worker, a transient database fault); retry after `Retry-After` seconds. Never a verdict on the request' },
  UPSTREAM_TIMEOUT: { status: 504, meaning: 'The part behind the gateway did not answer in time; the request may or may not have taken effect' }
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
