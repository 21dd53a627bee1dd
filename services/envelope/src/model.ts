import type { RecipientIdentitySummary, RecipientValidations, EnvelopeError, EnvelopeStatus, EnvelopeWarning, FieldValue, PlacementType, RecipientRole, SignatureInputType, Settings, SettingsInput } from '@signet/contracts';

export interface EnvelopeRow {
  id: string;
  tenant_id: string;
  api_key_id: string;
  name: string;
  name_is_default: boolean;
  status: EnvelopeStatus;
  settings_overrides: SettingsInput;
  settings: Settings;
  errors: EnvelopeError[];
  warnings: EnvelopeWarning[];
  /** The integrator's own `metadata[key]=value` strings. */
  metadata: Record<string, string>;
  /** The template the envelope was made from; absent or null for the others. */
  template_id?: string | null;
  created_at: Date;
  updated_at: Date;
  sent_at: Date | null;
  completed_at: Date | null;
  voided_at: Date | null;
  /** The sender's reason for voiding; null or absent when none was given (and before reasons existed). */
  void_reason?: string | null;
  /** When the envelope expires (or expired); null: never. Envelopes stored before expiry existed lack it. */
  expires_at?: Date | null;
}

export interface PageSize {
  width: number;
  height: number;
}

export interface DocumentRow {
  id: string;
  envelope_id: string;
  custom_key: string;
  file_name: string;
  file_type: 'SIGNABLE' | 'ATTACHMENT';
  order: number;
  status: string;
  blob_key: string;
  sha256: string;
  file_size: number;
  page_count: number;
  page_sizes: PageSize[];
  upload_id: string | null;
  /** Set once the envelope is SUCCESS: the signed and sealed PDF, and the hash of the original it replaced. */
  signed_blob_key?: string | null;
  original_sha256?: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * Recipient statuses: PENDING (not their turn), IN_PROGRESS (may act), then by role SIGNED, APPROVED,
 * WITNESSED, VIEWED, or REJECTED; a CC is COPIED from the start (nothing to do, the documents follow).
 */
export type RecipientStatus = 'PENDING' | 'IN_PROGRESS' | 'SIGNED' | 'APPROVED' | 'WITNESSED' | 'VIEWED' | 'COPIED' | 'REJECTED';

export interface RecipientRow {
  id: string;
  envelope_id: string;
  custom_key: string;
  name: string;
  email: string;
  order: number;
  phone: string | null;
  tax_id: string | null;
  tax_label: string | null;
  rep_id: string | null;
  rep_label: string | null;
  /** The recipient's own language (API code), for their page, emails and SMS; null or absent: the envelope's. */
  language?: string | null;
  /** SIGNER unless given; rows stored before roles existed are SIGNERs. */
  role?: RecipientRole;
  /** A WITNESS's signer: that recipient's key. */
  witness_of?: string | null;
  /** The recipient's own identity settings over the envelope's (recipients[k][validations]); null or absent: the envelope's. */
  validations?: RecipientValidations | null;
  /** Where the recipient's identity checks stand, from the validation part's events; null before any. */
  identity?: RecipientIdentitySummary | null;
  status: RecipientStatus;
  signed_at: Date | null;
  access_token_hash: string | null;
  access_revoked_at: Date | null;
  rejected_at?: Date | null;
  rejection_reason?: string | null;
  /** When their turn began (invited at send, after the order before them, or at reactivation): reminders count from it. */
  turn_started_at?: Date | null;
  /** The last reminder sent over the API (one an hour). */
  last_manual_reminder_at?: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface PlacementRow {
  id: string;
  envelope_id: string;
  custom_key: string;
  placement_type: PlacementType;
  order: number;
  document_key: string;
  recipient_key: string;
  top: number | null;
  left: number | null;
  page: number | null;
  token: string | null;
  /** Field properties (null on the acts, and on rows stored before fields existed). */
  name?: string | null;
  required?: boolean | null;
  readonly?: boolean | null;
  default_value?: string | null;
  /** RADIO and DROPDOWN choices, comma-separated as given. */
  options?: string | null;
  pattern?: string | null;
  min?: string | null;
  max?: string | null;
  width?: number | null;
  height?: number | null;
  created_at: Date;
  updated_at: Date;
}

/** An envelope with all its components: what every use case loads, checks and presents. */
export interface EnvelopeAggregate {
  envelope: EnvelopeRow;
  documents: DocumentRow[];
  recipients: RecipientRow[];
  placements: PlacementRow[];
  /** Values of the fields filled so far, and the files uploaded for ATTACHMENT fields (none before sending). */
  fieldValues?: FieldValueRow[];
  attachments?: FieldAttachmentRow[];
}

export type SignatureType = SignatureInputType;

export interface SignatureRow {
  id: string;
  envelope_id: string;
  recipient_id: string;
  signature_type: SignatureType;
  text: string | null;
  image_blob_key: string | null;
  consent: boolean;
  ip_address: string | null;
  user_agent: string | null;
  signed_at: Date;
}

/** A field's value once its recipient acted (one per field placement). */
export interface FieldValueRow {
  id: string;
  envelope_id: string;
  placement_id: string;
  recipient_id: string;
  value: FieldValue;
  filled_at: Date;
}

/** A file a recipient uploaded for an ATTACHMENT field, checked like documents. */
export interface FieldAttachmentRow {
  id: string;
  envelope_id: string;
  recipient_id: string;
  file_name: string;
  content_type: string;
  blob_key: string;
  sha256: string;
  file_size: number;
  created_at: Date;
}
