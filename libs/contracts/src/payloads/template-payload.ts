import { Type, type Static } from '@sinclair/typebox';
import { DOCUMENT_TYPES, PlacementInput, RecipientInput } from '../envelope-requests';
import { DateTime, LiteralUnion } from '../schema-helpers';

/** A template recipient: its key and the fields the template gives it (as sent, strings), any of them absent. */
export const TemplateRecipient = Type.Object(
  { key: Type.String(), ...Type.Partial(RecipientInput).properties },
  { additionalProperties: true }
);

export const TemplateDocument = Type.Object({
  id: Type.String(),
  custom_key: Type.String(),
  file_name: Type.String(),
  type: LiteralUnion(DOCUMENT_TYPES),
  order: Type.Integer({ minimum: 0 }),
  file_size: Type.Integer({ minimum: 0 }),
  page_count: Type.Integer({ minimum: 0 }),
  sha256: Type.String(),
  form_fields: Type.Array(Type.String(), { description: "Names of the PDF's own form fields (AcroForm), which `fields[name]` fills" }),
  url: Type.String({ description: 'A temporary download link of the PDF (an hour), as envelope documents have' })
});

/** A template placement as sent (`placements[<key>]`), with its key. */
export const TemplatePlacement = Type.Object(
  { key: Type.String(), ...PlacementInput.properties },
  { additionalProperties: true }
);

/** A template as GET /api/v1/templates/:id shows it: the `data` of template.created, .updated and .deleted. */
export const TemplatePayload = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    recipients: Type.Array(TemplateRecipient),
    documents: Type.Array(TemplateDocument),
    placements: Type.Array(TemplatePlacement),
    settings: Type.Record(Type.String(), Type.Unknown(), { description: 'The settings the template overrides, as sent' }),
    metadata: Type.Record(Type.String(), Type.String()),
    created_at: DateTime(),
    updated_at: DateTime()
  },
  { additionalProperties: true }
);
export type TemplatePayload = Static<typeof TemplatePayload>;
