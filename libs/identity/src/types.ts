/**
 * The identity checks' shared words: what a verifier is asked, what it answers, and why it refused.
 * Nothing here carries an image or a name beyond the call that needs it: results hold outcomes, scores,
 * versions and masked document data only.
 */

export const DOCUMENT_KINDS = ['PASSPORT', 'ID_CARD', 'DRIVING_LICENCE'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const NAME_MATCHES = ['STRICT', 'MODERATE', 'LENIENT'] as const;
export type NameMatch = (typeof NAME_MATCHES)[number];

/** The short random movement a selfie's second frame must show. */
export const SELFIE_CHALLENGES = ['TILT_LEFT', 'TILT_RIGHT'] as const;
export type SelfieChallenge = (typeof SELFIE_CHALLENGES)[number];

/**
 * Why an attempt failed: a readable input that does not pass. Malformed input (not an image, truncated,
 * too large) is not an attempt: it is an IdentityInputError.
 */
export const REASON_CODES = [
  'DOCUMENT_UNREADABLE',
  'MRZ_CHECK_DIGIT',
  'BARCODE_INVALID',
  'DOCUMENT_EXPIRED',
  'DOCUMENT_KIND_NOT_ALLOWED',
  'COUNTRY_NOT_ALLOWED',
  'NAME_MISMATCH',
  'NO_FACE',
  'MULTIPLE_FACES',
  'PORTRAIT_NOT_FOUND',
  'FACE_MISMATCH',
  'SPOOF_SUSPECTED',
  'LIVENESS_FAILED',
  'CHALLENGE_NOT_MET',
  'PROVIDER_REJECTED'
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/** One step of a check, as the evidence sheet lists it: scores and thresholds where the step has them. */
export interface SubCheck {
  name: string;
  passed: boolean;
  score: number | null;
  threshold: number | null;
}

/** The engine and model versions an outcome was computed with (package name to version, model name to version). */
export type EngineVersions = Record<string, string>;

/** What a document says, masked: enough for the record, never the full number or the holder's name. */
export interface DocumentSummary {
  kind: DocumentKind;
  /** ICAO 9303 three-letter code (MRZ) or ISO 3166-1 alpha-3 (AAMVA: USA, CAN). */
  country: string;
  /** The last 3 characters of the document number, the rest as '*'. */
  number_masked: string;
  /** YYYY-MM-DD. */
  expires_on: string;
  /** How it was read. */
  read_from: 'MRZ' | 'PDF417' | 'PROVIDER';
}

export interface DocumentPolicy {
  allowedKinds: readonly DocumentKind[];
  /** Three-letter codes; empty means any country. */
  allowedCountries: readonly string[];
  nameMatch: NameMatch;
  /** The recipient's name as the envelope gives it. */
  expectedName: string;
  /** Signet's clock's date, YYYY-MM-DD: a document expiring before it is expired. */
  today: string;
}

export interface DocumentCheckResult {
  passed: boolean;
  /** Empty when passed. */
  reasons: ReasonCode[];
  /** Null when no MRZ or barcode could be read. */
  document: DocumentSummary | null;
  subchecks: SubCheck[];
  versions: EngineVersions;
}

export interface SelfiePolicy {
  /** Face similarity (0-1) the selfie must reach against the document's portrait. */
  similarityThreshold: number;
  /** Anti-spoofing score (0-1, higher is more likely a real face) each frame must reach. */
  antispoofThreshold: number;
  /** Liveness score (0-1) each frame must reach. */
  livenessThreshold: number;
  challenge: SelfieChallenge;
}

export interface SelfieFrames {
  /** The photo of the identity document whose portrait the selfie is compared with. */
  document: Buffer;
  /** A frame facing the camera. */
  neutral: Buffer;
  /** A frame taken while doing the challenge. */
  challenge: Buffer;
}

export interface SelfieCheckResult {
  passed: boolean;
  reasons: ReasonCode[];
  subchecks: SubCheck[];
  versions: EngineVersions;
}

/** Malformed input, refused before anything is counted: the caller answers 422 with this message. */
export class IdentityInputError extends Error {
  constructor(
    readonly code: 'NOT_AN_IMAGE' | 'IMAGE_TRUNCATED' | 'IMAGE_TOO_LARGE' | 'IMAGE_TOO_SMALL',
    message: string
  ) {
    super(message);
    this.name = 'IdentityInputError';
  }
}

/**
 * The self-hosted engine: images in, outcomes out, computed in worker threads, offline. Rejects with
 * IdentityInputError for malformed input; with an ordinary Error only for a fault of its own (a worker
 * that died), which the caller treats as a fault to retry, never as a verdict.
 */
export interface LocalVerifier {
  readonly provider: 'local';
  checkDocument(image: Buffer, policy: DocumentPolicy): Promise<DocumentCheckResult>;
  checkSelfie(frames: SelfieFrames, policy: SelfiePolicy): Promise<SelfieCheckResult>;
  close(): Promise<void>;
}

/** A hosted provider's view of one verification, whichever provider it is. */
export type ProviderSessionStatus = 'REQUIRES_INPUT' | 'PROCESSING' | 'VERIFIED' | 'CANCELED';

export interface ProviderSession {
  /** The provider's id of the session (Stripe's `vs_...`). */
  reference: string;
  /** Where the signer goes to verify (a hosted page). */
  url: string;
}

export interface ProviderResult {
  reference: string;
  status: ProviderSessionStatus;
  /** The provider's reason for a failed attempt, mapped; the provider's own code beside it. */
  reasons: ReasonCode[];
  provider_code: string | null;
  /** What the provider verified, when VERIFIED: the holder's name (for matching, never stored) and the document, masked. */
  name: { surname: string; givenNames: string } | null;
  document: DocumentSummary | null;
  /** Whether the provider matched a selfie to the document. */
  selfie_matched: boolean | null;
}

export interface ProviderWebhook {
  /** The provider's event id. */
  id: string;
  /** The provider's event type, e.g. identity.verification_session.verified. */
  type: string;
  reference: string;
  /** Signet's id of the check, as given when the session was created. */
  client_reference: string | null;
}

export interface ProviderSessionRequest {
  /** Signet's id of the check, handed back in webhooks. */
  checkId: string;
  allowedKinds: readonly DocumentKind[];
  requireSelfie: boolean;
  /** Where the provider sends the signer back. */
  returnUrl: string;
}

/**
 * A hosted provider: Signet sends the signer there, the provider posts a signed webhook, Signet fetches
 * the result and later asks the provider to erase what it holds.
 */
export interface ProviderVerifier {
  readonly provider: string;
  createSession(request: ProviderSessionRequest): Promise<ProviderSession>;
  /** Checks the webhook's signature and reads it; throws ProviderSignatureError when it does not verify. */
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderWebhook;
  fetchResult(reference: string): Promise<ProviderResult>;
  redact(reference: string): Promise<void>;
}

export class ProviderSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderSignatureError';
  }
}

export type IdentityVerifier = LocalVerifier | ProviderVerifier;
