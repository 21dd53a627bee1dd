import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable } from '../schema-helpers';

/** `data` of envelope.file_uploaded. */
export const FileUploadedPayload = Type.Object(
  {
    envelope_id: Type.String(),
    presigned_upload_id: Type.String(),
    file_id: Type.String(),
    order: Type.Integer({ minimum: 0 }),
    file_name: Type.String(),
    custom_key: Nullable(Type.String()),
    status: Type.Literal('COMPLETED'),
    uploaded_at: DateTime(),
    processed_at: DateTime()
  },
  { additionalProperties: true }
);

export type FileUploadedPayload = Static<typeof FileUploadedPayload>;
