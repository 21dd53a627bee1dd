import type { Readable } from 'node:stream';
import { BlobTooLargeError } from '@signet/blob';
import { AppError, hashSecretToken, notFound, type RequestContext } from '@signet/http';
import type { UploadRow } from './model';
import type { UploadDeps } from './upload-deps';
import { expiredUrl, UPLOAD_MACHINE } from './upload-machine';

function isPdfContentType(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/pdf';
}

export interface ReceivedFile {
  context: RequestContext;
  token: string;
  contentType: string | undefined;
  contentLength: string | undefined;
  /** The PUT's body, streamed into the blob store. */
  body: Readable;
}

function tooLarge(upload: UploadRow): string {
  return `The file is larger than the ${upload.max_file_size} bytes (50 MB) an upload may have`;
}

/** Refuses what may not be received, marking an overdue upload EXPIRED on the way. */
async function checkReceivable(deps: UploadDeps, upload: UploadRow, file: ReceivedFile, now: Date): Promise<void> {
  if (!isPdfContentType(file.contentType)) throw new AppError('FORBIDDEN', 'The Content-Type must be application/pdf');
  if (UPLOAD_MACHINE.allows(upload.status, 'expire') && now >= upload.expires_at) {
    await deps.store.updatePending(upload.id, { status: UPLOAD_MACHINE.next(upload.status, 'expire', upload), updated_at: now });
    throw expiredUrl(upload);
  }
  UPLOAD_MACHINE.next(upload.status, 'receive', upload);
  if (Number(file.contentLength ?? 0) > upload.max_file_size) {
    await deps.store.updatePending(upload.id, { status: UPLOAD_MACHINE.next(upload.status, 'refuse', upload), error_message: tooLarge(upload), updated_at: now });
    throw new AppError('PAYLOAD_TOO_LARGE', tooLarge(upload));
  }
}

/**
 * PUT {upload_url}: streams the body into the blob store (never whole in memory), stopping at 50 MB with
 * nothing kept; then the upload is UPLOADED with its processing queued as a job.
 */
export async function receiveUpload(deps: UploadDeps, file: ReceivedFile): Promise<UploadRow> {
  const upload = await deps.store.findByToken(file.context.tenantId, hashSecretToken(file.token));
  if (!upload) throw notFound('Upload URL');
  const now = deps.clock();
  await checkReceivable(deps, upload, file, now);
  const claimed = await deps.store.claimForReceiving(upload.id, now);
  if (!claimed) throw new AppError('FORBIDDEN', 'This upload URL is already in use');
  const blobKey = `tenants/${upload.tenant_id}/envelopes/${upload.envelope_id}/uploads/${upload.id}.pdf`;
  let stored;
  try {
    stored = await deps.blobs.put(blobKey, file.body, { contentType: 'application/pdf', maxBytes: upload.max_file_size });
  } catch (error) {
    if (error instanceof BlobTooLargeError) {
      await deps.store.update(deps.db, upload.id, { status: UPLOAD_MACHINE.next(claimed.status, 'refuse', claimed), error_message: tooLarge(upload), receiving_since: null, updated_at: deps.clock() });
      // The rest of the body is not wanted: close the connection rather than read it.
      throw new AppError('PAYLOAD_TOO_LARGE', tooLarge(upload), undefined, { Connection: 'close' });
    }
    await deps.store.update(deps.db, upload.id, { receiving_since: null, updated_at: deps.clock() });
    throw error;
  }
  const uploadedAt = deps.clock();
  const received = await deps.store.finishReceiving(claimed, {
    status: UPLOAD_MACHINE.next(claimed.status, 'receive', claimed), blob_key: blobKey, sha256: stored.sha256, file_size: stored.size, uploaded_at: uploadedAt, receiving_since: null, updated_at: uploadedAt
  }, deps.queueProcessing);
  if (!received) {
    // The URL expired while the file was arriving (its order may already have a new upload): nothing is kept.
    await deps.blobs.delete(blobKey);
    throw expiredUrl(upload);
  }
  return upload;
}
