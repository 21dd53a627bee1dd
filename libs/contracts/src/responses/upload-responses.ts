import { Type, type Static } from '@sinclair/typebox';
import { LiteralUnion, DateTime, Nullable } from '../schema-helpers';
import { UPLOAD_STATUSES } from '../upload-requests';
import { Answer } from './common-responses';

const UploadStatus = LiteralUnion(UPLOAD_STATUSES, { description: 'PENDING until the PUT, then UPLOADED, PROCESSING and COMPLETED (or FAILED); EXPIRED when the URL ran out unused' });

const listItemFields = {
  id: Type.String(),
  envelope_id: Type.String(),
  status: UploadStatus,
  file_id: Nullable(Type.String({ description: 'The envelope document made from the file, once COMPLETED' })),
  order: Type.Integer({ minimum: 0 }),
  file_name: Type.String()
};

export const UploadListItem = Type.Object(listItemFields);

export const Upload = Type.Object({
  ...listItemFields,
  custom_key: Nullable(Type.String()),
  uploaded_at: Nullable(DateTime()),
  processed_at: Nullable(DateTime()),
  error_message: Nullable(Type.String({ description: 'Why the file was refused (FAILED)' }))
});
export type Upload = Static<typeof Upload>;

/** POST .../uploads: the only answer that shows the upload URL. */
export const UploadCreatedResponse = Answer({
  success: Type.Literal(true),
  upload: Type.Object({
    id: Type.String(),
    upload_url: Type.String({ description: 'PUT the raw PDF here, with your API key; works once, until expires_at' }),
    file_name: Type.String(),
    order: Type.Integer({ minimum: 0 }),
    custom_key: Nullable(Type.String()),
    expires_at: Nullable(DateTime()),
    max_file_size: Type.Integer({ minimum: 1 }),
    envelope_id: Type.String(),
    status: UploadStatus,
    instructions: Type.Object({
      method: Type.Literal('PUT'),
      headers: Type.Object({ 'Content-Type': Type.Literal('application/pdf') }),
      note: Type.String()
    })
  })
});
export type UploadCreatedResponse = Static<typeof UploadCreatedResponse>;

export const UploadListResponse = Answer({ uploads: Type.Array(UploadListItem), total: Type.Integer({ minimum: 0 }) });
export type UploadListResponse = Static<typeof UploadListResponse>;

export const UploadResponse = Answer({ upload: Upload });
export type UploadResponse = Static<typeof UploadResponse>;

/** PUT /api/v1/uploads/:token: the bytes arrived; validation and processing go on in the background. */
export const UploadReceivedResponse = Answer({
  success: Type.Literal(true),
  upload_id: Type.String(),
  status: Type.Literal('UPLOADED'),
  message: Type.String()
});
export type UploadReceivedResponse = Static<typeof UploadReceivedResponse>;
