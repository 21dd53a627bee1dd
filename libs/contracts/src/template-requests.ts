import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { DocumentInput, EnvelopeCreateRequest, EnvelopeMetadataInput, Keyed, RecipientInput } from './envelope-requests';
import { ENVELOPE_LIMITS } from './input-limits';
import { LiteralUnion } from './schema-helpers';
import { SettingsInput } from './settings';

/*
 * Templates: an envelope definition kept to be used again. A template's recipients are placeholders named
 * by their key (`recipients[buyer]`): every field of an envelope recipient, each optional; what a use
 * leaves out comes from the template.
 */

const Closed = <T extends TProperties>(properties: T) => Type.Object(properties, { additionalProperties: false });

/** An envelope recipient whose every field is optional: a placeholder the template's use fills. */
export const TemplateRecipientInput = Type.Partial(RecipientInput, { additionalProperties: false });
export type TemplateRecipientInput = Static<typeof TemplateRecipientInput>;

/** POST and PUT /api/v1/templates (multipart bracket notation or JSON, every leaf a string): the envelope create form. */
export const TemplateRequest = Closed({
  ...EnvelopeCreateRequest.properties,
  recipients: Type.Optional(Keyed(TemplateRecipientInput, 'recipients'))
});
export type TemplateRequest = Static<typeof TemplateRequest>;

/** POST /api/v1/templates (JSON): save an envelope of the tenant as a template, optionally under another name. */
export const TemplateFromEnvelopeRequest = Closed({
  from_envelope_id: Type.String({ minLength: 1, maxLength: 100 }),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 }))
});
export type TemplateFromEnvelopeRequest = Static<typeof TemplateFromEnvelopeRequest>;

const Flag = Type.Union([Type.Boolean(), LiteralUnion(['true', 'false'] as const)], { errorMessage: 'must be true or false' });
export const FIELD_NAME_PATTERN = '^[^\\u0000-\\u001f]{1,200}$';

/** `fields[name]=value`, or `fields[name][value]` with `fields[name][readonly]` to override the template's choice. */
export const FieldValueInput = Type.Union([
  Type.String({ maxLength: 2000 }),
  Closed({ value: Type.String({ maxLength: 2000 }), readonly: Type.Optional(Flag) })
], { errorMessage: 'must be a value, or {value, readonly}' });
export type FieldValueInput = Static<typeof FieldValueInput>;

/** A use's replacement of one of the template's documents, by its key: the PDF, and optionally its name. */
export const TemplateDocumentReplacement = Closed({
  base64: DocumentInput.properties.base64,
  name: DocumentInput.properties.name
});

/** POST /api/v1/templates/:id/envelopes, and each item of a `create_from_template` batch. */
export const TemplateUseRequest = Closed({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  recipients: Type.Optional(Keyed(TemplateRecipientInput, 'recipients')),
  fields: Type.Optional(Type.Record(Type.String({ pattern: FIELD_NAME_PATTERN }), FieldValueInput, {
    additionalProperties: false,
    maxProperties: ENVELOPE_LIMITS.fields,
    errorMessage: { additionalProperties: 'field names are 1-200 characters', maxProperties: `at most ${ENVELOPE_LIMITS.fields} fields` }
  })),
  documents: Type.Optional(Keyed(TemplateDocumentReplacement, 'documents')),
  metadata: Type.Optional(EnvelopeMetadataInput),
  settings: Type.Optional(SettingsInput),
  send: Type.Optional(Flag)
});
export type TemplateUseRequest = Static<typeof TemplateUseRequest>;

/** GET /api/v1/templates query. */
export const TemplateListQuery = Type.Object({
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Text in the template name or its document names' })),
  limit: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$', errorMessage: 'must be a whole number from 1 to 100' })),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  order: Type.Optional(LiteralUnion(['asc', 'desc'] as const))
}, { additionalProperties: false });
export type TemplateListQuery = Static<typeof TemplateListQuery>;
