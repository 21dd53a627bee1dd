import type { UploadStatus } from '@signet/contracts';

export interface UploadRow {
  id: string;
  tenant_id: string;
  envelope_id: string;
  envelope_api_key_id: string;
  status: UploadStatus;
  file_name: string;
  order: number;
  custom_key: string | null;
  token_hash: string;
  expires_at: Date;
  max_file_size: number;
  receiving_since: Date | null;
  processing_since: Date | null;
  blob_key: string | null;
  sha256: string | null;
  file_size: number | null;
  page_count: number | null;
  file_id: string | null;
  error_message: string | null;
  uploaded_at: Date | null;
  processed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** Upload limits: 50 MB, and a URL valid for one hour. */
export const MAX_FILE_SIZE = 52_428_800;
export const UPLOAD_URL_TTL_MS = 3_600_000;
