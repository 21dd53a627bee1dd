import { Type, type Static } from '@sinclair/typebox';
import { DateTime, LiteralUnion, Nullable } from './schema-helpers';
import { Answer } from './responses/common-responses';

/** The two identity gates: the identity document, and the selfie compared with its portrait. */
export const IDENTITY_CHECKS = ['id_check', 'biometric'] as const;
export type IdentityCheckName = (typeof IDENTITY_CHECKS)[number];

/**
 * PENDING until the signer starts; IN_PROGRESS while they try; PASSED; FAILED after a failed attempt
 * (another may follow); LOCKED once max_attempts have failed (a sender's reset opens it again); EXPIRED when
 * a started attempt (a selfie challenge, a provider session) was not finished in time.
 */
export const IDENTITY_CHECK_STATUSES = ['PENDING', 'IN_PROGRESS', 'PASSED', 'FAILED', 'LOCKED', 'EXPIRED'] as const;
export type IdentityCheckStatus = (typeof IDENTITY_CHECK_STATUSES)[number];

/** Who decided: Signet's own verifier, Stripe Identity, the integrator's assertion, or a sender by hand. */
export const IDENTITY_METHODS = ['local', 'stripe', 'assertion', 'manual'] as const;
export type IdentityMethod = (typeof IDENTITY_METHODS)[number];

const Check = LiteralUnion(IDENTITY_CHECKS, { errorMessage: 'must be id_check or biometric' });

/**
 * A base64 image (JPEG, PNG or WebP), at most `megabytes` once decoded. Its bytes are judged by the
 * verifier's intake (what is not an image is a 422 there), not by a pattern over megabytes of text.
 */
const Base64Image = (megabytes: number) =>
  Type.String({
    minLength: 1,
    maxLength: Math.ceil((megabytes * 1024 * 1024) / 3) * 4,
    errorMessage: { maxLength: `must be at most ${megabytes} MB`, minLength: 'must be a base64 image (JPEG, PNG or WebP)' }
  });

export const IDENTITY_DOCUMENT_MAX_MB = 10;
export const IDENTITY_FRAME_MAX_MB = 5;

/** POST /signing/v1/:token/identity/consent: the signer's answer to the consent text of `version`. */
export const IdentityConsentRequest = Type.Object(
  {
    consent: Type.Boolean({ errorMessage: 'must be true (I agree) or false (I decline, and do not sign)' }),
    version: Type.String({ minLength: 1, maxLength: 50, description: 'The version of the consent text the signer was shown (the session\'s `identity.consent_version`)' })
  },
  { additionalProperties: false }
);
export type IdentityConsentRequest = Static<typeof IdentityConsentRequest>;

/** POST /signing/v1/:token/identity/document: a photo of the identity document. */
export const IdentityDocumentRequest = Type.Object({ image: Base64Image(IDENTITY_DOCUMENT_MAX_MB) }, { additionalProperties: false });
export type IdentityDocumentRequest = Static<typeof IdentityDocumentRequest>;

/** POST /signing/v1/:token/identity/selfie: a frame facing the camera, and one taken doing the challenge. */
export const IdentitySelfieRequest = Type.Object(
  { neutral: Base64Image(IDENTITY_FRAME_MAX_MB), challenge: Base64Image(IDENTITY_FRAME_MAX_MB) },
  { additionalProperties: false }
);
export type IdentitySelfieRequest = Static<typeof IdentitySelfieRequest>;

/** POST .../recipients/:recipient_id/identity/reset: the check's attempts start again. */
export const IdentityResetRequest = Type.Object({ check: Check }, { additionalProperties: false });
export type IdentityResetRequest = Static<typeof IdentityResetRequest>;

/** POST .../recipients/:recipient_id/identity/approve: a sender passes a check by hand. */
export const IdentityApproveRequest = Type.Object(
  { check: Check, reason: Type.String({ minLength: 1, maxLength: 500, errorMessage: 'must say why, in 1 to 500 characters' }) },
  { additionalProperties: false }
);
export type IdentityApproveRequest = Static<typeof IdentityApproveRequest>;

/** POST .../recipients/:recipient_id/identity/assertion: the integrator verified this person itself. */
export const IdentityAssertionRequest = Type.Object(
  {
    provider: Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\u0000-\\u001f]+$', description: 'Who verified the person (e.g. Onfido, your own KYC)' }),
    reference: Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\u0000-\\u001f]+$', description: "That verification's id at the provider" }),
    level: Type.String({ minLength: 1, maxLength: 50, pattern: '^[^\\u0000-\\u001f]+$', description: 'The assurance level it reached (e.g. IAL2, eIDAS substantial)' }),
    verified_at: DateTime({ description: 'When the person was verified' })
  },
  { additionalProperties: false }
);
export type IdentityAssertionRequest = Static<typeof IdentityAssertionRequest>;

/**
 * `identity` of the recipient.validation_id_check_* and recipient.validation_biometric_* events: the
 * check's state and its last outcome. Never an image, a name, a document number or a face score.
 */
export const IdentityEventDetails = Type.Object(
  {
    id: Type.String(),
    check: Check,
    status: LiteralUnion(IDENTITY_CHECK_STATUSES),
    method: LiteralUnion(IDENTITY_METHODS),
    /** The attempt this event is about (1, 2, ...); null for events no attempt is behind (reset, redaction). */
    attempt: Nullable(Type.Integer({ minimum: 1 })),
    attempts_left: Type.Integer({ minimum: 0 }),
    max_attempts: Type.Integer({ minimum: 1 }),
    /** Why the attempt failed (reason codes, docs/identity-checks.md); empty otherwise. */
    reasons: Type.Array(Type.String()),
    /** The provider's id of the verification (Stripe's `vs_...`, an assertion's reference), else null. */
    provider_reference: Nullable(Type.String()),
    decided_at: Nullable(DateTime()),
    /** A sender's manual pass or reset: the API key that did it. */
    api_key_id: Nullable(Type.String())
  },
  { additionalProperties: true }
);
export type IdentityEventDetails = Static<typeof IdentityEventDetails>;

const DocumentSummary = Type.Object({
  kind: LiteralUnion(['PASSPORT', 'ID_CARD', 'DRIVING_LICENCE']),
  country: Type.String(),
  number_masked: Type.String({ description: 'The last 3 characters, the rest as *' }),
  expires_on: Type.String({ description: 'YYYY-MM-DD' }),
  read_from: LiteralUnion(['MRZ', 'PDF417', 'PROVIDER'])
});

const SubCheck = Type.Object({ name: Type.String(), passed: Type.Boolean(), score: Nullable(Type.Number()), threshold: Nullable(Type.Number()) });

export const IdentityAttemptView = Type.Object({
  number: Type.Integer({ minimum: 1 }),
  outcome: LiteralUnion(['PASSED', 'FAILED']),
  reasons: Type.Array(Type.String()),
  subchecks: Type.Array(SubCheck),
  /** Engine and model versions the outcome was computed with. */
  versions: Type.Record(Type.String(), Type.String()),
  document: Nullable(DocumentSummary),
  /** SHA-256 of each image of the attempt, kept after the images are purged. */
  images: Type.Array(Type.Object({ role: LiteralUnion(['document', 'neutral', 'challenge']), sha256: Type.String() })),
  created_at: DateTime()
});

export const IdentityCheckView = Type.Object({
  id: Type.String(),
  check: Check,
  status: LiteralUnion(IDENTITY_CHECK_STATUSES),
  method: LiteralUnion(IDENTITY_METHODS),
  /** What the result may be relied on for: a self-hosted check is not ISO/IEC 30107-3 certified. */
  assurance: Type.String(),
  attempts_used: Type.Integer({ minimum: 0 }),
  max_attempts: Type.Integer({ minimum: 1 }),
  provider_reference: Nullable(Type.String()),
  /** The document of the passing attempt (id_check), masked. */
  document: Nullable(DocumentSummary),
  decided_at: Nullable(DateTime()),
  /** A manual pass: who and why. An assertion: its provider, reference, level and time. */
  manual: Nullable(Type.Object({ api_key_id: Type.String(), reason: Type.String() })),
  assertion: Nullable(Type.Object({ provider: Type.String(), reference: Type.String(), level: Type.String(), verified_at: DateTime(), api_key_id: Type.String() })),
  retention_days: Type.Integer({ minimum: 1 }),
  /** When the images were erased (retention or redaction); null while they are kept. */
  images_purged_at: Nullable(DateTime()),
  attempts: Type.Array(IdentityAttemptView),
  created_at: DateTime(),
  updated_at: DateTime()
});
export type IdentityCheckView = Static<typeof IdentityCheckView>;

/** GET /api/v1/envelopes/:id/recipients/:recipient_id/identity. */
export const RecipientIdentityResponse = Answer({
  recipient_id: Type.String(),
  consent: Nullable(Type.Object({ version: Type.String(), text_sha256: Type.String({ description: 'SHA-256 of the consent text as the signer was shown it' }), given_at: DateTime() })),
  id_check: Nullable(IdentityCheckView),
  biometric: Nullable(IdentityCheckView)
});
export type RecipientIdentityResponse = Static<typeof RecipientIdentityResponse>;

/** The answer of an attempt (document or selfie): the check as it now stands, and why the attempt failed. */
export const IdentityAttemptResponse = Answer({
  check: Check,
  status: LiteralUnion(IDENTITY_CHECK_STATUSES),
  passed: Type.Boolean(),
  reasons: Type.Array(Type.String(), { description: 'Why the attempt failed (reason codes); empty when it passed' }),
  attempts_left: Type.Integer({ minimum: 0 })
});
export type IdentityAttemptResponse = Static<typeof IdentityAttemptResponse>;

/** The selfie step's challenge: the movement the second frame must show, until it expires. */
export const SelfieChallengeResponse = Answer({
  challenge: LiteralUnion(['TILT_LEFT', 'TILT_RIGHT'], { description: "The movement the second frame must show: the head tilted toward the signer's own left or right shoulder" }),
  expires_at: DateTime()
});

/** POST /signing/v1/:token/identity/consent. */
export const IdentityConsentResponse = Answer({
  success: Type.Literal(true),
  /** With consent: when it was given. */
  given_at: Type.Optional(DateTime()),
  /** Declined: the envelope was rejected. */
  state: Type.Optional(Type.Literal('REJECTED'))
});

/** POST /signing/v1/:token/identity/session: where to send the signer. */
export const IdentitySessionResponse = Answer({ url: Type.String({ description: "The provider's hosted verification page" }), expires_at: DateTime() });

/** POST .../identity/redact. */
export const IdentityRedactedResponse = Answer({ success: Type.Literal(true), attempts: Type.Integer({ minimum: 0, description: 'Attempts whose images were erased now' }), redacted_at: DateTime() });
export type SelfieChallengeResponse = Static<typeof SelfieChallengeResponse>;

/** One identity gate as the signing flow sees it. */
export const IdentityGateStatus = Type.Object({
  required: Type.Boolean(),
  order: Type.Integer({ minimum: 0, maximum: 1 }),
  verified: Type.Boolean(),
  verified_at: Nullable(DateTime()),
  status: LiteralUnion(IDENTITY_CHECK_STATUSES),
  provider: LiteralUnion(['local', 'stripe']),
  attempts_left: Type.Integer({ minimum: 0 }),
  /** Why the last attempt failed (reason codes), so a page reloaded after it can say; empty otherwise. */
  reasons: Type.Array(Type.String()),
  /** The ID check: the documents and issuing countries accepted (null: any country), for a page to list. */
  document_kinds: Type.Optional(Type.String()),
  countries: Type.Optional(Nullable(Type.String()))
});
export type IdentityGateStatus = Static<typeof IdentityGateStatus>;

/** Where one identity check of a recipient stands, as envelope answers show it (`envelope_signers[].identity`). */
export const IdentityCheckSummary = Type.Object({
  status: LiteralUnion(IDENTITY_CHECK_STATUSES),
  method: LiteralUnion(IDENTITY_METHODS),
  attempts_left: Type.Integer({ minimum: 0 }),
  decided_at: Nullable(DateTime()),
  updated_at: DateTime()
});
export type IdentityCheckSummary = Static<typeof IdentityCheckSummary>;

export const RecipientIdentitySummary = Type.Object(
  { id_check: Type.Optional(IdentityCheckSummary), biometric: Type.Optional(IdentityCheckSummary) },
  { description: "Where the recipient's identity checks stand (the whole record: GET .../recipients/:recipient_id/identity); null before any" }
);
export type RecipientIdentitySummary = Static<typeof RecipientIdentitySummary>;
