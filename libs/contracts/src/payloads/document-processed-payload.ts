import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable } from '../schema-helpers';

/**
 * `data` of document.processed (internal): an uploaded PDF that passed validation, with what the envelope
 * service needs to attach it. Kept off envelope.file_uploaded, which customers see, because the blob key
 * is an internal detail.
 */
export const DocumentProcessedPayload = Type.Object(
  {
    envelope_id: Type.String(),
    upload_id: Type.String(),
    file_id: Type.String(),
    order: Type.Integer({ minimum: 0 }),
    file_name: Type.String(),
    custom_key: Nullable(Type.String()),
    blob_key: Type.String(),
    sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    file_size: Type.Integer({ minimum: 0 }),
    page_count: Type.Integer({ minimum: 1 }),
    page_sizes: Type.Array(Type.Object({ width: Type.Number(), height: Type.Number() })),
    processed_at: DateTime()
  },
  { additionalProperties: true }
);

export type DocumentProcessedPayload = Static<typeof DocumentProcessedPayload>;
