import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../schema-helpers';
import { EnvelopeRecipient } from './envelope-recipient';

/**
 * `data` of the recipient.* events: the recipient of spec 2.2, plus envelope_id so a consumer can find the
 * envelope, plus what particular events add. Open to extra properties, like every payload.
 */
export const RecipientPayload = Type.Object(
  {
    ...EnvelopeRecipient.properties,
    envelope_id: Type.String(),
    /** recipient.link_generated */
    signing_url: Type.Optional(Type.String()),
    /** recipient.rejected */
    reason: Type.Optional(Type.String()),
    ip_address: Type.Optional(Nullable(Type.String())),
    user_agent: Type.Optional(Nullable(Type.String())),
    /** recipient.validation_*: details of the code check, shaped by the validation service. */
    validation: Type.Optional(Type.Record(Type.String(), Type.Unknown()))
  },
  { additionalProperties: true }
);

export type RecipientPayload = Static<typeof RecipientPayload>;
