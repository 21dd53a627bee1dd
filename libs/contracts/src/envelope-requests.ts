import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import { ENVELOPE_LIMITS } from './input-limits';
import { DateTime, LiteralUnion, trimmedTextPattern } from './schema-helpers';
import { RecipientValidationsInput, SettingsInput } from './settings';
import { BooleanInput, SignatureFlowLanguage } from './settings-fields';
import { PLACEMENT_TYPES, RECIPIENT_ROLES } from './fields/field-types';

/*
 * Envelope create and update requests, as the bracket-notation form parser leaves them: every
 * leaf a string. Closed, so a misspelt field is an error rather than silently dropped.
 */

const Closed = <T extends TProperties>(properties: T) => Type.Object(properties, { additionalProperties: false });

/** Keys of documents and recipients: a numeric index or the caller's identifier. */
export const ComponentKey = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$', errorMessage: 'must be 1-64 letters, digits, _ . or -' });
export const Keyed = <T extends TSchema>(schema: T, description: 'documents' | 'recipients') =>
  Type.Record(Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' }), schema, {
    // Closed: a key outside the pattern is refused, not left unchecked (a record's patternProperties alone let it through).
    additionalProperties: false,
    maxProperties: ENVELOPE_LIMITS[description],
    errorMessage: {
      additionalProperties: `keys of ${description} must be 1-64 letters, digits, _ . or -`,
      maxProperties: `an envelope holds at most ${ENVELOPE_LIMITS[description]} ${description}`
    }
  });

const Digits = Type.String({ pattern: '^(0|[1-9][0-9]{0,5})$', errorMessage: 'must be a whole number' });
const Decimal = Type.String({ pattern: '^(0|[1-9][0-9]{0,5})(\\.[0-9]{1,4})?$', errorMessage: 'must be a number of points, 0 or more' });

const PositiveDecimal = Type.String({ pattern: '^([1-9][0-9]{0,3}|0?\\.[0-9]{0,3}[1-9][0-9]{0,3}|[1-9][0-9]{0,3}\\.[0-9]{1,4})$', errorMessage: 'must be a number of points, more than 0 and less than 10000' });

export const DOCUMENT_TYPES = ['SIGNABLE', 'ATTACHMENT'] as const;
export { PLACEMENT_TYPES } from './fields/field-types';

export const DocumentInput = Closed({
  base64: Type.String({ minLength: 1, errorMessage: 'is required: the PDF as base64' }),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  type: Type.Optional(LiteralUnion(DOCUMENT_TYPES)),
  order: Type.Optional(Digits)
});

export const RecipientInput = Closed({
  email: Type.String({ format: 'email', maxLength: 254, errorMessage: 'must be an email address' }),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  order: Type.Optional(Digits),
  phone: Type.Optional(Type.String({ pattern: '^\\+?[0-9 ()-]{5,20}$', errorMessage: 'must be a phone number' })),
  tax_id: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  tax_label: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  rep_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  rep_label: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  /** The recipient's own language for their signer page, emails and SMS; the envelope's signature_flow.language otherwise. */
  language: Type.Optional(SignatureFlowLanguage),
  /** What the recipient does: SIGNER (default), APPROVER, WITNESS (of `witness_of`), VIEWER or CC. */
  role: Type.Optional(LiteralUnion(RECIPIENT_ROLES)),
  /** A WITNESS's signer: the key of the SIGNER recipient whose signature they witness. */
  witness_of: Type.Optional(ComponentKey),
  /** The recipient's own identity checks, over the envelope's settings.validations.id_check and .biometric. */
  validations: Type.Optional(RecipientValidationsInput)
});

export const PlacementInput = Closed({
  document_key: ComponentKey,
  recipient_key: ComponentKey,
  type: Type.Optional(LiteralUnion(PLACEMENT_TYPES)),
  order: Type.Optional(Digits),
  coordinates: Type.Optional(Closed({ top: Type.Optional(Decimal), left: Type.Optional(Decimal), page: Type.Optional(Digits) })),
  token: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  /** What the field's value is keyed by; unique in the envelope. Fields without one are named `<type>_<index>`. */
  name: Type.Optional(ComponentKey),
  required: Type.Optional(BooleanInput),
  default_value: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
  readonly: Type.Optional(BooleanInput),
  /** RADIO and DROPDOWN: the choices, comma-separated. */
  options: Type.Optional(Type.String({ minLength: 1, maxLength: 5000 })),
  /** TEXT: a regular expression the whole value must match. */
  pattern: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  /** NUMBER: numbers; DATE: dates written YYYY-MM-DD. */
  min: Type.Optional(Type.String({ minLength: 1, maxLength: 30 })),
  max: Type.Optional(Type.String({ minLength: 1, maxLength: 30 })),
  /** The box drawn for the field, in PDF points. */
  width: Type.Optional(PositiveDecimal),
  height: Type.Optional(PositiveDecimal)
});

export const Placements = Type.Record(Type.String({ pattern: '^(0|[1-9][0-9]{0,3})$' }), PlacementInput, {
  additionalProperties: false,
  maxProperties: ENVELOPE_LIMITS.placements,
  errorMessage: {
    additionalProperties: 'placements are indexed 0, 1, 2, ...',
    maxProperties: `an envelope holds at most ${ENVELOPE_LIMITS.placements} placements`
  }
});

/** Bounds of envelope metadata (docs/decisions.md): enough to carry an integrator's own ids, never a document. */
export const METADATA_LIMITS = { keys: 50, keyLength: 40, valueLength: 500 } as const;
export const METADATA_KEY_PATTERN = '^[A-Za-z0-9_.-]{1,40}$';

/**
 * `metadata[key]=value`: the integrator's own strings on the envelope. On update, keys sent replace
 * theirs, an empty value removes its key, and keys not sent stay.
 */
export const EnvelopeMetadataInput = Type.Record(
  Type.String({ pattern: METADATA_KEY_PATTERN }),
  Type.String({ maxLength: METADATA_LIMITS.valueLength, errorMessage: `must be a string of at most ${METADATA_LIMITS.valueLength} characters` }),
  {
    additionalProperties: false,
    maxProperties: METADATA_LIMITS.keys,
    errorMessage: {
      additionalProperties: `metadata keys must be 1-${METADATA_LIMITS.keyLength} letters, digits, _ . or -`,
      maxProperties: `at most ${METADATA_LIMITS.keys} metadata keys`
    }
  }
);

const components = {
  metadata: Type.Optional(EnvelopeMetadataInput),
  documents: Type.Optional(Keyed(DocumentInput, 'documents')),
  placements: Type.Optional(Placements),
  settings: Type.Optional(SettingsInput)
};

/** When the envelope expires once sent: ISO 8601 with an offset, later than now (docs/integrating.md). */
const EXPIRES_AT_FORMAT = 'must be an ISO 8601 date-time with an offset, e.g. 2026-12-31T17:00:00Z';
const ExpiresAt = DateTime({ errorMessage: EXPIRES_AT_FORMAT });

/** A form has no null: on update, an empty value clears expires_at, as an empty metadata value removes its key. */
const ClearableExpiresAt = Type.Union([ExpiresAt, Type.Literal('')], {
  description: 'When the envelope expires once sent (later than now). Empty clears it: the envelope then gets the expiry of ' +
    '`settings[signature_flow][expire_after_days]` when sent, or none.',
  errorMessage: `${EXPIRES_AT_FORMAT}, or empty to clear it`
});

export const EnvelopeCreateRequest = Closed({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  expires_at: Type.Optional(ExpiresAt),
  recipients: Keyed(RecipientInput, 'recipients'),
  ...components
});

export const EnvelopeUpdateRequest = Closed({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  expires_at: Type.Optional(ClearableExpiresAt),
  recipients: Type.Optional(Keyed(RecipientInput, 'recipients')),
  ...components
});

export type DocumentInput = Static<typeof DocumentInput>;
export type RecipientInput = Static<typeof RecipientInput>;
export type PlacementInput = Static<typeof PlacementInput>;
export type EnvelopeCreateRequest = Static<typeof EnvelopeCreateRequest>;
export type EnvelopeUpdateRequest = Static<typeof EnvelopeUpdateRequest>;
export type EnvelopeMetadataInput = Static<typeof EnvelopeMetadataInput>;

/** POST /api/v1/envelopes/:id/recipients/:recipient_id/signing_url: no body (or `{}`) for the current link. */
export const SigningUrlRequest = Closed({
  rotate: Type.Optional(Type.Boolean({ description: 'true: a new link, and the current one stops working', errorMessage: 'must be true or false' }))
});
export type SigningUrlRequest = Static<typeof SigningUrlRequest>;

/** POST /api/v1/envelopes/:id/extend: the new expiry, later than now, or null for none. */
export const ExtendRequest = Closed({
  expires_at: Type.Union([ExpiresAt, Type.Null()], {
    description: 'The new expiry, later than now. null clears it: the envelope no longer expires, and its scheduled expiry and expiry warning are cancelled.',
    errorMessage: `${EXPIRES_AT_FORMAT}, or null to clear it`
  })
});
export type ExtendRequest = Static<typeof ExtendRequest>;

/** The most characters of the sender's reason for voiding, once trimmed. */
export const VOID_REASON_MAX_LENGTH = 500;

/** Why the sender voids: plain text, shown to recipients in the voided email and kept on the envelope. */
export const voidReason = (description: string) => Type.String({
  pattern: trimmedTextPattern(VOID_REASON_MAX_LENGTH),
  description: `${description}: 1-${VOID_REASON_MAX_LENGTH} characters once trimmed, plain text`,
  errorMessage: `must be 1 to ${VOID_REASON_MAX_LENGTH} characters`
});

/** PUT /api/v1/envelopes/:id/void: no body (or `{}`), or the sender's reason. */
export const VoidRequest = Closed({ reason: Type.Optional(voidReason('Why the envelope is voided, shown in the voided email and kept on the envelope')) });
export type VoidRequest = Static<typeof VoidRequest>;
