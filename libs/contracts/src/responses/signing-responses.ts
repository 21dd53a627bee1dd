import { SIGNATURE_LEVELS } from '../settings-fields';
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, LiteralUnion, Nullable } from '../schema-helpers';
import { SIGNATURE_INPUT_TYPES } from '../signing-requests';
import { Answer } from './common-responses';
import { ValidationStatus } from '../validation-requests';
import { ConsumerConsentStatus } from '../consumer-consent';
import { PLACEMENT_TYPES, RECIPIENT_ROLES } from '../fields/field-types';

export const SIGNING_STATES = ['READY', 'NOT_YOUR_TURN', 'ALREADY_SIGNED', 'REJECTED', 'VOIDED', 'COMPLETED', 'EXPIRED'] as const;

/** Whether codes (email, SMS) must be verified, and when: order 0 before the documents show, 1 before signing; per channel too. */
export const ValidationGate = ValidationStatus;

export const SigningPlacement = Type.Object({
  id: Type.String(),
  type: LiteralUnion(PLACEMENT_TYPES),
  page: Type.Integer({ minimum: 0, description: '0-indexed page' }),
  left: Type.Number({ description: 'PDF points from the left edge' }),
  top: Type.Number({ description: 'PDF points from the top edge' }),
  // Fields only: what the value is keyed by in `fields` of the sign request, and how it is checked.
  name: Type.Optional(Type.String()),
  required: Type.Optional(Type.Boolean()),
  readonly: Type.Optional(Type.Boolean()),
  default_value: Type.Optional(Nullable(Type.String({ description: 'Pre-filled; NAME and SIGNING_DATE show the value they will take' }))),
  options: Type.Optional(Type.Array(Type.String(), { description: 'RADIO and DROPDOWN choices' })),
  pattern: Type.Optional(Nullable(Type.String())),
  min: Type.Optional(Nullable(Type.String())),
  max: Type.Optional(Nullable(Type.String())),
  width: Type.Optional(Nullable(Type.Number())),
  height: Type.Optional(Nullable(Type.Number()))
});

export const SigningDocument = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: LiteralUnion(['SIGNABLE', 'ATTACHMENT']),
  page_count: Type.Integer({ minimum: 0 }),
  page_sizes: Type.Array(Type.Object({ width: Type.Number(), height: Type.Number() }), { description: 'Each page in PDF points' }),
  url: Nullable(Type.String({ description: 'Download link of the PDF' })),
  placements: Type.Array(SigningPlacement, { description: "Where this recipient's signatures go; empty: on an extra page" })
});

/** GET /signing/v1/:token: what a signer page needs. Documents only while the link can sign (READY, past the consumer consent and the code step). */
export const SigningSessionResponse = Answer({
  state: LiteralUnion(SIGNING_STATES),
  envelope: Type.Object({
    id: Type.String(),
    name: Type.String(),
    language: Type.String(),
    branding: Type.Object({ name: Nullable(Type.String()), logo: Nullable(Type.String()), url_homepage: Nullable(Type.String()) }),
    signature_types: Type.Array(LiteralUnion(SIGNATURE_INPUT_TYPES)),
    signature_color: Type.String(),
    signature_level: LiteralUnion(SIGNATURE_LEVELS, {
      description: "seal, advanced (the act gets a signature of the signer's own) or qualified (the signing provider's code goes in the act's `otp`)"
    })
  }),
  recipient: Type.Object({
    id: Type.String(),
    name: Type.String(),
    email: Type.String(),
    masked_phone: Nullable(Type.String({
      description: "The recipient's phone with all but its country code and last two digits hidden (`+34 ••••78`), to say where an SMS code went; null without a phone",
      examples: ['+34 ••••78']
    })),
    order: Type.Integer({ minimum: 0 }),
    status: Type.String(),
    signed_at: Nullable(DateTime()),
    role: Type.Optional(LiteralUnion(RECIPIENT_ROLES, { description: 'What this recipient does: SIGNER and WITNESS sign, APPROVER approves (consent, no signature), VIEWER only reads' }))
  }),
  validation: ValidationGate,
  consumer_consent: ConsumerConsentStatus,
  documents: Type.Array(SigningDocument)
});
export type SigningSessionResponse = Static<typeof SigningSessionResponse>;

export const SignedResponse = Answer({ success: Type.Literal(true), state: Type.Literal('ALREADY_SIGNED'), signed_at: DateTime() });
export type SignedResponse = Static<typeof SignedResponse>;

export const RejectedResponse = Answer({ success: Type.Literal(true), state: Type.Literal('REJECTED') });
export type RejectedResponse = Static<typeof RejectedResponse>;

/** POST /signing/v1/:token/attachments: the stored file's id, to send as its ATTACHMENT field's value. */
export const AttachmentUploadedResponse = Answer({ attachment: Type.Object({ id: Type.String() }) });
export type AttachmentUploadedResponse = Static<typeof AttachmentUploadedResponse>;

/** How the signed document will draw one value in its box: the same layout the document gets. */
export const FieldLayout = Type.Object({
  size: Type.Number({ description: 'The text size in points: as large as the box allows, at most 11 and at least 6' }),
  lines: Type.Array(Type.String(), { description: 'The value as it will be drawn, line by line (wrapped where the box is tall enough); for a CHECKBOX the word after the tick box, or none when it does not fit beside it' }),
  tick: Nullable(Type.Number({ description: "A CHECKBOX's tick box side in points; null for other fields" }))
});

export const FieldPreviewResponse = Answer({
  fields: Type.Record(Type.String(), FieldLayout, { description: 'Each previewed field by name' })
});
export type FieldPreviewResponse = Static<typeof FieldPreviewResponse>;
