import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { BlobStore } from '@signet/blob';
import { openDatabase } from '@signet/db';
import { closePdfWorkers, DEFAULT_PDF_LIMITS, DEFAULT_SLOT_OPTIONS, startPdfWorkers } from '@signet/pdf';
import { createTestDatabase, samplePdf, TestDatabase } from '@signet/testkit';
import { uploadMigrations } from '../migrations';
import { MAX_FILE_SIZE, UPLOAD_URL_TTL_MS, type UploadRow } from '../src/model';
import { processUpload } from '../src/process-upload';
import { uploadStore } from '../src/upload-store';

/** An upload that meets a PDF pool without room is put back, its job queued again, and processed later, never FAILED. */
describe('processing an upload without PDF capacity (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Knex;
  let pdf: Buffer;
  const deleted: string[] = [];
  const blobs = {
    get: async () => Readable.from(pdf),
    delete: async (key: string) => { deleted.push(key); }
  } as unknown as BlobStore;
  const now = new Date('2026-11-21T10:00:00.000Z');

  beforeAll(async () => {
    pdf = await samplePdf();
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'upload', migrations: uploadMigrations });
  });

  afterAll(async () => {
    await closePdfWorkers();
    await db.destroy();
    await database.drop();
  });

  it('puts the upload back as UPLOADED with its bytes, and completes it once there is room', async () => {
    const id = uuidv7();
    await db('uploads').insert({
      id, tenant_id: 'acme', envelope_id: 'env-1', envelope_api_key_id: 'key-1', status: 'UPLOADED', file_name: 'contract.pdf', order: 0,
      custom_key: null, token_hash: 'ab'.repeat(32), expires_at: new Date(now.getTime() + UPLOAD_URL_TTL_MS), max_file_size: MAX_FILE_SIZE,
      receiving_since: null, processing_since: null, blob_key: `tenants/acme/envelopes/env-1/uploads/${id}.pdf`, sha256: 'cd'.repeat(32),
      file_size: pdf.length, page_count: null, file_id: null, error_message: null, uploaded_at: now, processed_at: null, created_at: now, updated_at: now
    } satisfies UploadRow);
    const store = uploadStore(db);
    const queued: Array<{ uploadId: string; runAt?: Date }> = [];
    const deps = { db, store, blobs, clock: () => now, queueProcessing: async (_db: unknown, uploadId: string, runAt?: Date) => void queued.push({ uploadId, runAt }) };

    // A 1 ms wall-clock backstop: the host can never finish in time, which is capacity, not the document.
    const stop = startPdfWorkers({ ...DEFAULT_PDF_LIMITS, ...DEFAULT_SLOT_OPTIONS, wallTimeoutMs: 1 });
    try {
      const claimed = await store.claimForProcessing(id, now);
      await processUpload(deps, claimed as UploadRow);
    } finally {
      await stop();
    }
    expect(await db('uploads').where({ id }).first()).toMatchObject({ status: 'UPLOADED', processing_since: null, error_message: null });
    expect(deleted).toEqual([]);
    // Its processing is queued again, a little later.
    expect(queued).toEqual([{ uploadId: id, runAt: new Date(now.getTime() + 5000) }]);

    const again = await store.claimForProcessing(id, now);
    await processUpload(deps, again as UploadRow);
    expect(await db('uploads').where({ id }).first()).toMatchObject({ status: 'COMPLETED', page_count: 1 });
  });
});
