import { v7 as uuidv7 } from 'uuid';
import { UploadCreateRequest } from '@signet/contracts';
import { AppError, newSecretToken, parseWith, type RequestContext, validationError } from '@signet/http';
import { MAX_FILE_SIZE, UPLOAD_URL_TTL_MS, UploadRow } from './model';
import type { UploadDeps } from './upload-deps';
import { UPLOAD_MACHINE } from './upload-machine';
import { uploadUrl } from './upload-view';

/**
 * POST /api/v1/envelopes/:envelope_id/uploads: a single-use upload URL, valid one hour, for the document
 * at `order`. Only while the envelope takes changes (CREATED, or ERROR awaiting the documents its
 * placements name); one active upload per order.
 */
export async function createUpload(
  deps: UploadDeps, { context, envelopeId, body }: { context: RequestContext; envelopeId: string; body: unknown }
): Promise<{ upload: UploadRow; url: string }> {
  const input = parseWith(UploadCreateRequest, body);
  const envelope = await deps.envelopes.summary(context, envelopeId);
  if (!envelope.accepts_documents) {
    throw new AppError('METHOD_NOT_ALLOWED', `Uploads are only accepted while the envelope is CREATED (it is ${envelope.status})`);
  }
  const now = deps.clock();
  await deps.store.expireOverdue(context.tenantId, envelope.id, now);
  const { token, hash } = newSecretToken();
  const upload: UploadRow = {
    id: uuidv7(),
    tenant_id: context.tenantId,
    envelope_id: envelope.id,
    envelope_api_key_id: envelope.api_key_id,
    status: UPLOAD_MACHINE.initial('PENDING'),
    file_name: input.file_name,
    order: input.order,
    custom_key: input.custom_key ?? null,
    token_hash: hash,
    expires_at: new Date(now.getTime() + UPLOAD_URL_TTL_MS),
    max_file_size: MAX_FILE_SIZE,
    receiving_since: null,
    processing_since: null,
    blob_key: null,
    sha256: null,
    file_size: null,
    page_count: null,
    file_id: null,
    error_message: null,
    uploaded_at: null,
    processed_at: null,
    created_at: now,
    updated_at: now
  };
  if (!(await deps.store.insert(upload))) {
    throw validationError([{ field: 'order', message: `order ${input.order} already has an active upload (PENDING, UPLOADED or PROCESSING)` }], 'Duplicate upload order');
  }
  return { upload, url: uploadUrl(deps.config.publicBaseUrl, token) };
}
