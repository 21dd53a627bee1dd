import { Type, type Static } from '@sinclair/typebox';
import { DateTime, LiteralUnion, Nullable } from '../schema-helpers';
import { FIELD_TYPES } from '../fields/field-types';

/** An ATTACHMENT field's value: the uploaded file, with a download link like documents'. */
export const FieldAttachmentValue = Type.Object({
  id: Type.String(),
  name: Type.String(),
  sha256: Type.String(),
  url: Nullable(Type.String())
});

/**
 * A field and its value as `GET /api/v1/envelopes/:id` and the recipient.signed_all and envelope.*
 * payloads show it. The value is null until its recipient acts; then text (TEXT, EMAIL, NAME, INITIALS,
 * RADIO, DROPDOWN), a number (NUMBER), a YYYY-MM-DD date (DATE, SIGNING_DATE), a boolean (CHECKBOX) or
 * the file (ATTACHMENT).
 */
export const EnvelopeField = Type.Object({
  id: Type.String({ description: "The field's placement id" }),
  name: Type.String(),
  type: LiteralUnion(FIELD_TYPES),
  recipient_id: Nullable(Type.String()),
  document_id: Nullable(Type.String()),
  value: Nullable(Type.Union([Type.String(), Type.Number(), Type.Boolean(), FieldAttachmentValue]), {
    description: 'The recipient\'s answer: null until they act, even when the field is prefilled (a prefilled value shows as the placement\'s `default_value`), '
      + 'and null for an optional field they left empty. Once they act: text, a number, a YYYY-MM-DD date, a boolean or the attached file, by type; '
      + 'a default they kept (a read-only field always keeps it) is recorded here as their value.'
  }),
  filled_at: Nullable(DateTime(), { description: 'When the recipient acted; null until then' })
});

export type FieldAttachmentValue = Static<typeof FieldAttachmentValue>;
export type EnvelopeField = Static<typeof EnvelopeField>;
