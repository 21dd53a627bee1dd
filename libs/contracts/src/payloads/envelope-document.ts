import { Type, type Static } from '@sinclair/typebox';
import { DateTime, LiteralUnion, Nullable } from '../schema-helpers';

/** A document as webhook payloads show it. */
export const EnvelopeDocument = Type.Object({
  id: Type.String(),
  // Documents that arrive through an upload URL have a custom_key only if the caller gave one.
  custom_key: Nullable(Type.String()),
  file_type: LiteralUnion(['SIGNABLE', 'ATTACHMENT']),
  order: Type.Integer({ minimum: 0 }),
  status: Type.String(),
  created_at: DateTime(),
  updated_at: DateTime(),
  file_name: Type.String(),
  content_type: Type.String(),
  file_size: Type.Integer({ minimum: 0 }),
  page_count: Type.Integer({ minimum: 0 }),
  url: Nullable(Type.String()),
  // Beyond the document's basic fields: the digests the evidence sheet shows.
  sha256: Type.Optional(Nullable(Type.String({ description: 'SHA-256 (hex) of the document as it is now (signed, once SUCCESS)' }))),
  original_sha256: Type.Optional(Nullable(Type.String({ description: 'SHA-256 (hex) of the document as it was sent' })))
});

export type EnvelopeDocument = Static<typeof EnvelopeDocument>;
