import type { Request, Response } from 'express';
import { BlobTooLargeError } from '@signet/blob';
import { AppError, hashSecretToken, notFound, requestContext } from '@signet/http';
import type { UploadRow } from './model';
import type { UploadDeps } from './upload-deps';
import { expiredUrl, UPLOAD_MACHINE } from './upload-machine';

function isPdfContentType(req: Request): boolean {
  return (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() === 'application/pdf';
}

function tooLarge(upload: UploadRow): string {
  return `The file is larger than the ${upload.max_file_size} bytes (50 MB) an upload may have`;
}

/** Refuses what may not be received, marking an overdue upload EXPIRED on the way. */
async function checkReceivable(deps: UploadDeps, upload: UploadRow, req: Request, now: Date): Promise<void> {
  if (!isPdfContentType(req)) throw new AppError('FORBIDDEN', 'The Content-Type must be application/pdf');
  if (UPLOAD_MACHINE.allows(upload.status, 'expire') && now >= upload.expires_at) {
    await deps.store.updatePending(upload.id, { status: UPLOAD_MACHINE.next(upload.status, 'expire', upload), updated_at: now });
    throw expiredUrl(upload);
  }
  UPLOAD_MACHINE.next(upload.status, 'receive', upload);
  if (Number(req.headers['content-length'] ?? 0) > upload.max_file_size) {
    await deps.store.updatePending(upload.id, { status: UPLOAD_MACHINE.next(upload.status, 'refuse', upload), error_message: tooLarge(upload), updated_at: now });
    throw new AppError('PAYLOAD_TOO_LARGE', tooLarge(upload));
  }
}

/**
 * PUT {upload_url}: streams the body into the blob store (never whole in memory), stopping at 50 MB with
 * nothing kept; then the upload is UPLOADED and processing begins in the background.
 */
export function receiveUpload(deps: UploadDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const context = requestContext(res);
    const upload = await deps.store.findByToken(context.tenantId, hashSecretToken(String(req.params.token)));
    if (!upload) throw notFound('Upload URL');
    const now = deps.clock();
    await checkReceivable(deps, upload, req, now);
    const claimed = await deps.store.claimForReceiving(upload.id, now);
    if (!claimed) throw new AppError('FORBIDDEN', 'This upload URL is already in use');
    const blobKey = `tenants/${upload.tenant_id}/envelopes/${upload.envelope_id}/uploads/${upload.id}.pdf`;
    let stored;
    try {
      stored = await deps.blobs.put(blobKey, req, { contentType: 'application/pdf', maxBytes: upload.max_file_size });
    } catch (error) {
      if (error instanceof BlobTooLargeError) {
        await deps.store.update(deps.db, upload.id, { status: UPLOAD_MACHINE.next(claimed.status, 'refuse', claimed), error_message: tooLarge(upload), receiving_since: null, updated_at: deps.clock() });
        // The rest of the body is not wanted: close the connection rather than read it.
        res.setHeader('Connection', 'close');
        throw new AppError('PAYLOAD_TOO_LARGE', tooLarge(upload));
      }
      await deps.store.update(deps.db, upload.id, { receiving_since: null, updated_at: deps.clock() });
      throw error;
    }
    const uploadedAt = deps.clock();
    const received = await deps.store.finishReceiving(claimed, {
      status: UPLOAD_MACHINE.next(claimed.status, 'receive', claimed), blob_key: blobKey, sha256: stored.sha256, file_size: stored.size, uploaded_at: uploadedAt, receiving_since: null, updated_at: uploadedAt
    });
    if (!received) {
      // The URL expired while the file was arriving (its order may already have a new upload): nothing is kept.
      await deps.blobs.delete(blobKey);
      throw expiredUrl(upload);
    }
    deps.fileReceived();
    res.json({ success: true, upload_id: upload.id, status: 'UPLOADED', message: 'The file was received and is being validated' });
  };
}
