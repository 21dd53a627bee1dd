/** The document's opening text and its tags, in the order the reference shows them. */
export const DOCUMENT_INTRO = [
  'Signet is an e-signature API: create an envelope (PDF documents, recipients and where each signs), send it, recipients sign in a browser, and you get signed PDFs, an evidence (audit-trail) PDF and webhooks.',
  '',
  '**Authentication**: every `/api/v1` request carries `Authorization: <API key>` — the key itself, no `Bearer`. The signing API and signer page need no key: the token in the recipient\'s link is the credential. The embeddable editor uses a builder session\'s token instead (`Authorization: Bearer <token>`), on its own template or envelope only. The console (`/console`) signs in with a key and then sends its session cookie, with an `X-CSRF-Token` header on every write.',
  '',
  '**Errors**: every error body is `{error, code, request_id}`, plus `details` (`[{field, message}]`) for invalid input. Every answer carries an `X-Request-Id` header and, in JSON bodies, `request_id`.',
  '',
  '**Rate limits**: envelope creation is limited per plan, keyless routes per client address, validation codes per recipient. Limited routes send `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix seconds); a 429 adds `Retry-After` (seconds).',
  '',
  '**Envelopes are sent as bracket-notation forms** (`multipart/form-data` or `application/x-www-form-urlencoded`): each leaf of the nested request is one field named by its path, e.g. `recipients[ben][email]`. Large PDFs go by upload URL instead of inline base64.',
  '',
  '**Webhooks**: the `webhooks` section lists every event and its payload `{id, event_type, data}`. Deliveries are signed the Standard Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`).'
].join('\n');

export const TAGS = [
  { name: 'Envelopes', description: 'Create, read, change, send and void envelopes; the evidence sheet' },
  { name: 'Uploads', description: 'Large PDFs (up to 50 MB) by upload URL' },
  { name: 'Batches', description: 'Create, send or void up to 100 envelopes in one request, in the background' },
  { name: 'Templates', description: 'Envelope definitions kept to be used again: recipients as placeholders by key, documents shared with every envelope made from them' },
  { name: 'Builder', description: "Signet's template and envelope editor embedded in your page: short-lived sessions and their tokens, the editor page and the element" },
  { name: 'Console', description: 'The web console for operators: signing in and out with an API key, its page and files (everything else it does is this API)' },
  { name: 'Email validation', description: 'Email and SMS codes a recipient must enter before viewing or signing' },
  { name: 'Identity checks', description: "A signer's identity document and selfie, checked before viewing or signing: the signer's steps (keyless) and the sender's record, resets, manual passes, assertions and erasure" },
  { name: 'Seal', description: 'The certificates that seal signed PDFs, and validation reports of any signed PDF' },
  { name: 'API keys', description: "The tenant's API keys, managed by a key with the `admin` scope: create, rotate, revoke, and when each was last used" },
  { name: 'Settings', description: "The API key's defaults for new envelopes" },
  { name: 'Webhooks', description: 'Subscriptions to events, their delivery log, and the deliveries that ran out of retries (dead letters)' },
  { name: 'Signing', description: 'The keyless signing API behind signing links, and the signer page' },
  { name: 'Email tracking', description: 'Open and click tracking and bounce reports (keyless)' },
  { name: 'SMS delivery', description: "The SMS provider's delivery reports of validation SMS (keyless, signed by the provider)" },
  { name: 'Service', description: 'Health checks, this document and its reference page' },
  { name: 'Events', description: 'Webhook deliveries Signet POSTs to your URL' }
];
