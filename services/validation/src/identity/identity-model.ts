import type { IdentityCheckName, IdentityCheckStatus, IdentityMethod, RecipientPayload } from '@signet/contracts';
import type { Transitioned } from '@signet/service';
import type { DocumentSummary, EngineVersions, NameMatch, ReasonCode, SelfieChallenge, SubCheck } from '@signet/identity';

/** One recipient's consent to the identity checks: which text, in which language, when and from where. */
export interface IdentityConsentRow {
  tenant_id: string;
  envelope_id: string;
  recipient_id: string;
  version: string;
  /** SHA-256 of the consent text exactly as the signer was shown it, in their language. */
  text_sha256: string;
  language: string;
  given_at: Date;
  ip_address: string | null;
  user_agent: string | null;
}

/** A sender's manual pass: the key that did it and why. */
export interface ManualDecision {
  api_key_id: string;
  reason: string;
}

/** An integrator's own verification of the person, recorded as it was posted. */
export interface IdentityAssertion {
  provider: string;
  reference: string;
  level: string;
  verified_at: string;
  api_key_id: string;
}

/** One recipient's identity document check or selfie check, and where it stands. */
export interface IdentityCheckRow {
  id: string;
  tenant_id: string;
  envelope_id: string;
  recipient_id: string;
  /** The key that created the envelope: its webhooks hear of the check. */
  envelope_api_key_id: string;
  check: IdentityCheckName;
  method: IdentityMethod;
  status: Transitioned<IdentityCheckStatus> | IdentityCheckStatus;
  attempts_used: number;
  max_attempts: number;
  retention_days: number;
  /** The selfie challenge issued and not yet answered. */
  challenge: SelfieChallenge | null;
  /** Until when a started attempt (the challenge, a provider session) may be finished; then it EXPIRES. */
  attempt_expires_at: Date | null;
  /** What a provider's result is judged by, kept from the envelope's settings when its session opens (webhooks bring no settings). */
  policy: { document_kinds: string; countries: string | null; name_match: NameMatch } | null;
  /** The provider's id of the open or last session (Stripe's vs_...), or an assertion's reference. */
  provider_reference: string | null;
  /** The passing attempt's document, masked. */
  document: DocumentSummary | null;
  decided_at: Date | null;
  manual: ManualDecision | null;
  assertion: IdentityAssertion | null;
  images_purged_at: Date | null;
  /** The recipient as events show them, kept for events no request is behind (expiry, purge). */
  recipient: RecipientPayload;
  created_at: Date;
  updated_at: Date;
}

export type ImageRole = 'document' | 'neutral' | 'challenge';

/** An image of an attempt: its hash always, its encrypted blob until purged. */
export interface AttemptImage {
  role: ImageRole;
  sha256: string;
  /** Null once purged. */
  blob_key: string | null;
}

export interface IdentityAttemptRow {
  id: string;
  check_id: string;
  number: number;
  outcome: 'PASSED' | 'FAILED';
  reasons: ReasonCode[];
  subchecks: SubCheck[];
  versions: EngineVersions;
  document: DocumentSummary | null;
  images: AttemptImage[];
  ip_address: string | null;
  user_agent: string | null;
  created_at: Date;
}
