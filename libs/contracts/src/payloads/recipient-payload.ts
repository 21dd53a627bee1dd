import { Type, type Static } from '@sinclair/typebox';
import { DateTime, LiteralUnion, Nullable } from '../schema-helpers';
import { EnvelopeRecipient } from './envelope-recipient';
import { EnvelopeField } from './envelope-field';

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
 * `data` of the recipient.* events: the recipient of spec 2.2 (with envelope_id, so a consumer can find the
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
    /** recipient.validation_*: details of the code check, shaped by the validation service. */
    validation: Type.Optional(ValidationDetails),
    /** recipient.signed_all, recipient.approved, recipient.witnessed: the fields this recipient filled, with their values. */
    fields: Type.Optional(Type.Array(EnvelopeField))
  },
  { additionalProperties: true }
);

export type RecipientPayload = Static<typeof RecipientPayload>;
