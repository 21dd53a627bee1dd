import {
  IdentityApproveRequest, IdentityAssertionRequest, IdentityAttemptResponse, IdentityConsentRequest, IdentityConsentResponse, IdentityDocumentRequest,
  IdentityRedactedResponse, IdentityResetRequest, IdentitySelfieRequest, IdentitySessionResponse, RecipientIdentityResponse, SelfieChallengeResponse
} from '../identity';
import { Answer } from '../responses/common-responses';
import { Type } from '@sinclair/typebox';
import { jsonAnswer, type RouteDocs } from './route-doc';

const TOKEN_NOTE = 'No API key: the token at the end of the recipient\'s `signing_url` is the credential. Where the envelope asks for consent to electronic records and signatures (`signature_flow.consumer_consent`), 403 CONSENT_REQUIRED until the recipient has given it.';
const ATTEMPT = 'A malformed image (not JPEG, PNG or WebP, truncated, over 40 megapixels or 10,000 px a side, under 200 px) is a 422 naming the field, and counts no attempt. A readable image that does not pass is a failed attempt (200, `passed: false`, `reasons`); the last attempt allowed (`max_attempts`) locks the check until a sender resets it.';
const RECIPIENT = '/api/v1/envelopes/:envelope_id/recipients/:recipient_id/identity';

/** The identity checks: the signer's steps (keyless) and the sender's actions. */
export const IDENTITY_ROUTE_DOCS: RouteDocs = {
  'POST /signing/v1/:token/identity/consent': {
    operationId: 'signerIdentityConsent',
    summary: 'Consent to the identity checks, or decline them',
    description: `Before the first identity step the signer is shown what is captured, why, for how long and who sees it (the session's \`validation.identity_consent.version\`), and answers. \`consent: false\` rejects the envelope, as declining to sign. ${TOKEN_NOTE}`,
    tag: 'Identity checks',
    request: { json: IdentityConsentRequest },
    responses: { 200: jsonAnswer(IdentityConsentResponse, 'Consent recorded, or the envelope rejected') },
    errors: [400, 403, 404, 409, 415, 422]
  },
  'POST /signing/v1/:token/identity/document': {
    operationId: 'signerIdentityDocument',
    summary: 'Send a photo of the identity document',
    description: `Checked by the self-hosted verifier (offline): the MRZ of a passport or identity card with every check digit, or the PDF417 barcode of a US or Canadian driving licence; not expired; an allowed kind and country; the recipient's name at the setting's strictness. ${ATTEMPT} ${TOKEN_NOTE}`,
    tag: 'Identity checks',
    request: { json: IdentityDocumentRequest },
    responses: { 200: jsonAnswer(IdentityAttemptResponse, 'The attempt was judged') },
    errors: [400, 403, 404, 409, 413, 415, 422, 503]
  },
  'POST /signing/v1/:token/identity/selfie/challenge': {
    operationId: 'signerSelfieChallenge',
    summary: 'Start the selfie step: a random movement to show',
    description: `Once the identity document has passed. The challenge holds ten minutes. ${TOKEN_NOTE}`,
    tag: 'Identity checks',
    responses: { 200: jsonAnswer(SelfieChallengeResponse, 'The challenge') },
    errors: [403, 404, 409]
  },
  'POST /signing/v1/:token/identity/selfie': {
    operationId: 'signerIdentitySelfie',
    summary: 'Send the two selfie frames',
    description: `One face in each frame, the same person in both, that person the document's portrait (similarity against \`biometric.similarity_threshold\`), anti-spoofing and liveness scores against their thresholds, and the challenge's movement between the frames. ${ATTEMPT} ${TOKEN_NOTE}`,
    tag: 'Identity checks',
    request: { json: IdentitySelfieRequest },
    responses: { 200: jsonAnswer(IdentityAttemptResponse, 'The attempt was judged') },
    errors: [400, 403, 404, 409, 413, 415, 422, 503]
  },
  'POST /signing/v1/:token/identity/session': {
    operationId: 'signerIdentitySession',
    summary: "Open the provider's verification session (provider stripe)",
    description: `Where \`validations.id_check.provider\` is \`stripe\`: a Stripe Identity session (with a matching selfie when the biometric check is on); send the signer to \`url\`. The provider returns them to the signing link, and its webhook records the outcome. ${TOKEN_NOTE}`,
    tag: 'Identity checks',
    responses: { 200: jsonAnswer(IdentitySessionResponse, 'The session to send the signer to') },
    errors: [403, 404, 409]
  },
  'POST /identity/v1/stripe/webhook': {
    operationId: 'receiveStripeIdentityWebhook',
    summary: "Stripe Identity's webhook",
    description: "For Stripe only: point a webhook endpoint of the Stripe account at this URL for the `identity.verification_session.*` events, its signing secret in `STRIPE_IDENTITY_WEBHOOK_SECRET`. `Stripe-Signature` must verify (else 403 and nothing changes); Signet then fetches the session's result from Stripe and records it. An event delivered again records nothing new.",
    tag: 'Identity checks',
    request: { json: Type.Object({}, { additionalProperties: true }), headers: { 'Stripe-Signature': "t=<unix time>,v1=<hex HMAC-SHA256 of '<t>.<body>' under the endpoint's signing secret>" } },
    responses: { 200: jsonAnswer(Answer({ received: Type.Literal(true) }), 'Received') },
    errors: [403, 404, 409]
  },
  [`GET ${RECIPIENT}`]: {
    operationId: 'getRecipientIdentity',
    summary: "A recipient's identity checks",
    description: 'The consent (version, text hash, time) and each check with its status, method, assurance, masked document, and every attempt: outcome, reason codes, sub-checks with scores and thresholds, engine and model versions, and the SHA-256 of each image. Never an image.',
    tag: 'Identity checks',
    responses: { 200: jsonAnswer(RecipientIdentityResponse, 'The identity record') },
    errors: [404]
  },
  [`POST ${RECIPIENT}/reset`]: {
    operationId: 'resetRecipientIdentity',
    summary: 'Reset a check: its attempts start again',
    description: 'After a lock (`max_attempts` failed), or to let the signer start afresh. Not for a check that passed. Recorded with the API key.',
    tag: 'Identity checks',
    request: { json: IdentityResetRequest },
    responses: { 200: jsonAnswer(RecipientIdentityResponse, 'The identity record after the reset') },
    errors: [400, 404, 409, 415, 422]
  },
  [`POST ${RECIPIENT}/approve`]: {
    operationId: 'approveRecipientIdentity',
    summary: 'Pass a check by hand, with a reason',
    description: 'A sender who verified the person another way. Recorded, with the reason and the API key, in the identity record and the evidence sheet.',
    tag: 'Identity checks',
    request: { json: IdentityApproveRequest },
    responses: { 200: jsonAnswer(RecipientIdentityResponse, 'The identity record after the pass') },
    errors: [400, 404, 409, 415, 422]
  },
  [`POST ${RECIPIENT}/assertion`]: {
    operationId: 'assertRecipientIdentity',
    summary: 'Record your own verification of the recipient',
    description: 'Before sending (CREATED): you verified this person yourself (your KYC, another provider). The ID check is recorded as passed by assertion, with the provider, reference, level and time you give; the evidence sheet says so, and that Signet did not see the evidence.',
    tag: 'Identity checks',
    request: { json: IdentityAssertionRequest },
    responses: { 200: jsonAnswer(RecipientIdentityResponse, 'The identity record with the assertion') },
    errors: [400, 404, 409, 415, 422]
  },
  [`POST ${RECIPIENT}/redact`]: {
    operationId: 'redactRecipientIdentity',
    summary: "Erase a recipient's identity images now",
    description: 'Every image of every attempt is deleted from the blob store (and a provider holding some is asked to erase them); outcomes and SHA-256 hashes stay. Without this, images go `retention_days` after each attempt.',
    tag: 'Identity checks',
    responses: { 200: jsonAnswer(IdentityRedactedResponse, 'Erased') },
    errors: [404]
  }
};
