import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { BlobStore } from '@signet/blob';
import { EventContext, writeOutboxEvent } from '@signet/bus';
import { InvalidPdfError, inspectPdfFile, PdfOverloadedError, type PdfInspection } from '@signet/pdf';
import type { Clock } from '@signet/service';
import type { UploadRow } from './model';
import type { QueueProcessing } from './upload-jobs';
import { UPLOAD_MACHINE } from './upload-machine';
import type { UploadStore } from './upload-store';

export interface ProcessDeps {
  db: Knex;
  store: UploadStore;
  blobs: BlobStore;
  clock: Clock;
  queueProcessing: QueueProcessing;
}

/** A file without PDF capacity waits this long before it is tried again (capacity is no verdict on it). */
const NO_CAPACITY_RETRY_MS = 5000;
const GIVEN_UP = 'The file could not be processed; request a new upload URL and send it again';

/**
 * Streams the blob into a temporary file that the PDF worker reads itself, so this thread never holds
 * an upload of up to 50 MB. Private to this user (tmpdir is shared) and never left behind.
 */
async function inspectBlob(blobs: BlobStore, key: string): Promise<PdfInspection> {
  const file = path.join(os.tmpdir(), `signet-upload-${randomUUID()}.pdf`);
  try {
    await pipeline(await blobs.get(key), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    return await inspectPdfFile(file);
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * Validates an UPLOADED file as PDF (bounded memory and time, in a worker) and ends the upload COMPLETED,
 * with envelope.file_uploaded for customers and document.processed for the envelope service, or FAILED
 * with a message a person understands (and the bytes deleted). Out of PDF capacity, it is put back to
 * be processed later, never FAILED.
 */
export async function processUpload(deps: ProcessDeps, upload: UploadRow): Promise<void> {
  const blobKey = upload.blob_key as string;
  let inspection;
  try {
    inspection = await inspectBlob(deps.blobs, blobKey);
  } catch (error) {
    if (error instanceof PdfOverloadedError) {
      // No capacity is no verdict: the upload waits as UPLOADED, its processing queued again for later.
      const now = deps.clock();
      await deps.db.transaction(async (trx) => {
        if (!(await deps.store.finishProcessing(trx, upload, { status: UPLOAD_MACHINE.next(upload.status, 'postpone', upload), processing_since: null, updated_at: now }))) return;
        await deps.queueProcessing(trx, upload.id, new Date(now.getTime() + NO_CAPACITY_RETRY_MS));
      });
      return;
    }
    if (!(error instanceof InvalidPdfError)) throw error;
    const now = deps.clock();
    // A successor that took this upload over as stale owns it (and its bytes) now.
    if (!(await deps.store.finishProcessing(deps.db, upload, { status: UPLOAD_MACHINE.next(upload.status, 'fail', upload), error_message: error.message, processing_since: null, processed_at: now, updated_at: now }))) return;
    await deps.blobs.delete(blobKey);
    return;
  }
  const now = deps.clock();
  const fileId = uuidv7();
  const context: EventContext = { tenantId: upload.tenant_id, apiKeyId: upload.envelope_api_key_id, requestId: null };
  await deps.db.transaction(async (trx) => {
    const finished = await deps.store.finishProcessing(trx, upload, {
      status: UPLOAD_MACHINE.next(upload.status, 'complete', upload), file_id: fileId, page_count: inspection.pageCount, processing_since: null, processed_at: now, updated_at: now
    });
    // Taken over as stale meanwhile: the successor records and announces the document, once.
    if (!finished) return;
    const common = {
      envelope_id: upload.envelope_id, file_id: fileId, order: upload.order, file_name: upload.file_name, custom_key: upload.custom_key, processed_at: now.toISOString()
    };
    await writeOutboxEvent(trx, {
      eventType: 'envelope.file_uploaded',
      key: upload.envelope_id,
      data: { ...common, presigned_upload_id: upload.id, status: 'COMPLETED', uploaded_at: (upload.uploaded_at as Date).toISOString() },
      context,
      occurredAt: now
    });
    await writeOutboxEvent(trx, {
      eventType: 'document.processed',
      key: upload.envelope_id,
      data: {
        ...common, upload_id: upload.id, blob_key: blobKey, sha256: upload.sha256 as string, file_size: upload.file_size as number,
        page_count: inspection.pageCount, page_sizes: inspection.pages
      },
      context,
      occurredAt: now
    });
  });
}

/** The processing job: takes the upload (unless it is finished) and processes it. */
export async function processQueuedUpload(deps: ProcessDeps, uploadId: string): Promise<void> {
  const upload = await deps.store.claimForProcessing(uploadId, deps.clock());
  if (upload) await processUpload(deps, upload);
}

/** The processing job ran out of retries (a fault of Signet's own each time): the upload ends FAILED, its bytes deleted. */
export async function giveUpUpload(deps: ProcessDeps, uploadId: string): Promise<void> {
  const upload = await deps.store.giveUp(uploadId, GIVEN_UP, deps.clock());
  if (upload?.blob_key) await deps.blobs.delete(upload.blob_key);
}
