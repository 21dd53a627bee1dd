import type { UploadRow } from './model';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

export const UPLOAD_INSTRUCTIONS = {
  method: 'PUT',
  headers: { 'Content-Type': 'application/pdf' },
  note: 'PUT the raw PDF bytes (not base64) to upload_url with your API key in the Authorization header. The URL works once and expires at expires_at; files up to max_file_size bytes.'
};

export function uploadUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/api/v1/uploads/${token}`;
}

/** The answer of POST .../uploads: the only time the upload URL is shown. */
export function createdUploadView(upload: UploadRow, url: string) {
  return {
    id: upload.id,
    upload_url: url,
    file_name: upload.file_name,
    order: upload.order,
    custom_key: upload.custom_key,
    expires_at: iso(upload.expires_at),
    max_file_size: upload.max_file_size,
    envelope_id: upload.envelope_id,
    status: upload.status,
    instructions: UPLOAD_INSTRUCTIONS
  };
}

export function uploadListItem(upload: UploadRow) {
  return {
    id: upload.id,
    envelope_id: upload.envelope_id,
    status: upload.status,
    file_id: upload.file_id,
    order: upload.order,
    file_name: upload.file_name
  };
}

export function uploadView(upload: UploadRow) {
  return {
    ...uploadListItem(upload),
    custom_key: upload.custom_key,
    uploaded_at: iso(upload.uploaded_at),
    processed_at: iso(upload.processed_at),
    error_message: upload.error_message
  };
}
