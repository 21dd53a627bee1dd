import { Type, type Static } from '@sinclair/typebox';

/** POST /api/v1/envelopes/:envelope_id/uploads. */
export const UploadCreateRequest = Type.Object(
  {
    file_name: Type.String({ minLength: 1, maxLength: 100 }),
    order: Type.Integer({ minimum: 0, maximum: 1000 }),
    custom_key: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$', errorMessage: 'must be 1-64 letters, digits, _ . or -' })),
    content_type: Type.Optional(Type.Literal('application/pdf', { errorMessage: 'must be application/pdf: only PDF files are accepted' }))
  },
  { additionalProperties: false }
);

export type UploadCreateRequest = Static<typeof UploadCreateRequest>;

export const UPLOAD_STATUSES = ['PENDING', 'UPLOADED', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** GET /api/v1/envelopes/:envelope_id/uploads?status=COMPLETED,FAILED: one state or several, any letter case. */
export const UploadListQuery = Type.Object({
  status: Type.Optional(Type.String({ description: `Comma-separated upload states to list: ${UPLOAD_STATUSES.join(', ')}` }))
}, { additionalProperties: false });
export type UploadListQuery = Static<typeof UploadListQuery>;
