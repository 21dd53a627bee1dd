import { Type, type Static } from '@sinclair/typebox';
import { DateTime, LiteralUnion, Nullable } from '../schema-helpers';
import { EnvelopeRecipient } from './envelope-recipient';
import { EnvelopeField } from './envelope-field';
import { IdentityEventDetails } from '../identity';
import { ConsumerConsentDetails } from '../consumer-consent';

/** `validation` of the recipient.validation_* events: the code's state, never the code, its hash or the phone number. */
export const ValidationDetails = Type.Object(
  {
    id: Type.String(),
    /** Where the code was sent: `email`, or `sms` for phone validation. */
    channel: LiteralUnion(['email', 'sms']),
    status: LiteralUnion(['PENDING', 'VERIFIED', 'EXPIRED', 'EXHAUSTED', 'SUPERSEDED']),
    attempts_left: Type.Integer({ minimum: 0 }),
    created_at: DateTime(),
    expires_at: DateTime(),
    sent_at: Nullable(DateTime()),
    verified_at: Nullable(DateTime())
  },
  { additionalProperties: true }
);

/**
 * `data` of the recipient.* events: the recipient (with envelope_id, so a consumer can find the
 * envelope), plus what particular events add. Open to extra properties, like every payload.
 */
export const RecipientPayload = Type.Object(
  {
    ...EnvelopeRecipient.properties,
    /** recipient.link_generated */
    signing_url: Type.Optional(Type.String()),
    /** recipient.rejected */
    reason: Type.Optional(Type.String()),
    ip_address: Type.Optional(Nullable(Type.String())),
    user_agent: Type.Optional(Nullable(Type.String())),
    /** recipient.reminder_sent: the scheduled reminder's number (1, 2, ...), or null for one sent over the API. */
    number: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    /** recipient.expiry_warning_sent: when the envelope expires. */
    expires_at: Type.Optional(DateTime()),
    /** recipient.validation_*: details of the code check, shaped by the validation service. */
    validation: Type.Optional(ValidationDetails),
    /** recipient.validation_id_check_* and recipient.validation_biometric_*: the check's state, never personal data or images. */
    identity: Type.Optional(IdentityEventDetails),
    /** recipient.validation_identity_consented: the consent text's version. */
    consent: Type.Optional(Type.Object({ version: Type.String(), given_at: DateTime() })),
    /** recipient.consented and recipient.consent_withdrawn: the consumer disclosure's version consented to, when, and when withdrawn. */
    consumer_consent: Type.Optional(ConsumerConsentDetails),
    /** recipient.signed_all, recipient.approved, recipient.witnessed: the fields this recipient filled, with their values. */
    fields: Type.Optional(Type.Array(EnvelopeField))
  },
  { additionalProperties: true }
);

export type RecipientPayload = Static<typeof RecipientPayload>;
