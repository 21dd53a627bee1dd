/** Path parameters by name, and `id` by the resource a route's tag names. */
export const PARAM_DESCRIPTIONS: Record<string, string> = {
  envelope_id: 'Envelope id',
  recipient_id: "Recipient id (the envelope's `envelope_signers[].id`)",
  delivery_id: 'Delivery id',
  document_id: 'Document id',
  token: 'The token of the link: the last part of the signing, upload or email URL',
  file: 'File name'
};

export const ID_BY_TAG: Record<string, string> = {
  Envelopes: 'Envelope id',
  Webhooks: 'Webhook id',
  Uploads: 'Upload id',
  'API keys': 'API key id'
};

/** What answers with each error status, for the document's shared error responses. */
export const ERROR_STATUS_MEANINGS: Record<number, string> = {
  400: 'BAD_REQUEST: the body could not be read (malformed JSON or multipart)',
  401: 'UNAUTHORIZED: missing, unknown or revoked API key (send the key itself, no `Bearer`) or builder session token; or TOKEN_EXPIRED: the builder session\'s token has expired',
  403: 'FORBIDDEN: the credential cannot do this (expired upload URL, wrong Content-Type, a builder session\'s token outside its session, an API key without the scope the route needs); or CONSENT_REQUIRED: a signing link whose envelope asks for consent to electronic records and signatures, not given yet',
  404: 'NOT_FOUND: no such resource for this API key\'s tenant (another tenant\'s ids answer 404 too)',
  405: "METHOD_NOT_ALLOWED: the envelope's state forbids the change",
  409: "CONFLICT: the resource's state forbids the action; or IDEMPOTENCY_KEY_IN_USE: a request with this Idempotency-Key is still running (retry after `Retry-After`)",
  413: 'PAYLOAD_TOO_LARGE: the body is larger than the route accepts',
  415: 'UNSUPPORTED_MEDIA_TYPE: send the content type the route takes',
  422: 'VALIDATION_FAILED: invalid input; `details` lists each field and what is wrong (or IDEMPOTENCY_KEY_REUSED: this Idempotency-Key carried a different request)',
  431: 'HEADERS_TOO_LARGE: the request headers are larger than the server accepts',
  429: 'RATE_LIMITED: a limit was reached; `Retry-After` says in how many seconds to try again',
  500: 'INTERNAL_ERROR: an unexpected fault; the request id finds it in the logs',
  502: 'UPSTREAM_FAILED: the part behind the gateway failed while answering; the request may or may not have taken effect',
  503: 'SERVICE_UNAVAILABLE or OVERLOADED: a part Signet needs is not reachable, or Signet is at capacity; retry after `Retry-After`. Never a verdict on the request',
  504: 'UPSTREAM_TIMEOUT: the part behind the gateway did not answer in time; the request may or may not have taken effect'
};
