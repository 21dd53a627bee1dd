import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { BlobStore } from '@signet/blob';
import { openDatabase } from '@signet/db';
import { closePdfWorkers } from '@signet/pdf';
import { createTestDatabase, samplePdf, TestDatabase } from '@signet/testkit';
import { uploadMigrations } from '../migrations';
import { MAX_FILE_SIZE, UPLOAD_URL_TTL_MS, type UploadRow } from '../src/model';
import { processUpload } from '../src/process-upload';
import { uploadStore } from '../src/upload-store';

// The processing job's lease: a job held longer is released and run again by another worker.
const LEASE_MS = 5 * 60_000;

/**
 * A worker that went silent past its job's lease is taken over; if it was only slow and finishes after
 * all, its result must not be recorded (or announced) a second time next to its successor's.
 */
describe('taking over a stale upload (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Knex;
  let pdf: Buffer;
  const deleted: string[] = [];
  const blobs = {
    get: async () => Readable.from(pdf),
    delete: async (key: string) => { deleted.push(key); }
  } as unknown as BlobStore;
  const start = new Date('2026-11-21T10:00:00.000Z');

  async function uploadedFile(): Promise<string> {
    const id = uuidv7();
    const row: UploadRow = {
      id, tenant_id: 'acme', envelope_id: 'env-1', envelope_api_key_id: 'key-1', status: 'UPLOADED', file_name: 'contract.pdf', order: 0,
      custom_key: null, token_hash: 'ab'.repeat(32), expires_at: new Date(start.getTime() + UPLOAD_URL_TTL_MS), max_file_size: MAX_FILE_SIZE,
      receiving_since: null, processing_since: null, blob_key: `tenants/acme/envelopes/env-1/uploads/${id}.pdf`, sha256: 'cd'.repeat(32),
      file_size: pdf.length, page_count: null, file_id: null, error_message: null, uploaded_at: start, processed_at: null, created_at: start, updated_at: start
    };
    await db('uploads').insert(row);
    return id;
  }

  beforeAll(async () => {
    pdf = await samplePdf();
  });

  afterAll(async () => {
    await closePdfWorkers();
  });

  beforeEach(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'upload', migrations: uploadMigrations });
  });

  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  /** A worker's job takes the upload, goes quiet past its lease, and is released and run again by a successor. */
  async function takenOver() {
    let now = start;
    const store = uploadStore(db);
    const deps = { db, store, blobs, clock: () => now, queueProcessing: async () => undefined };
    const id = (await db('uploads').first('id')).id as string;
    const slow = await store.claimForProcessing(id, now);
    now = new Date(start.getTime() + LEASE_MS + 60_000);
    const successor = await store.claimForProcessing(id, now);
    return { deps, slow, successor };
  }

  it('announces the document once when the slow worker finishes after its successor took over', async () => {
    const id = await uploadedFile();
    const { deps, slow, successor } = await takenOver();
    expect(successor?.id).toBe(id);
    await processUpload(deps, successor as UploadRow);
    await processUpload(deps, slow as UploadRow);
    expect(await db('outbox').where({ topic: 'document.processed' })).toHaveLength(1);
    expect(await db('outbox').where({ topic: 'envelope.file_uploaded' })).toHaveLength(1);
    const row = await db('uploads').where({ id }).first();
    expect(row.status).toBe('COMPLETED');
    const [event] = await db('outbox').where({ topic: 'document.processed' });
    expect(event.payload.data.file_id).toBe(row.file_id);
  });

  it('keeps the successor\'s result and bytes when the slow worker then judges the file invalid (e.g. timed out under load)', async () => {
    const id = await uploadedFile();
    const { deps, slow, successor } = await takenOver();
    await processUpload(deps, successor as UploadRow);
    const valid = pdf;
    pdf = Buffer.from('not a pdf');
    try {
      await processUpload(deps, slow as UploadRow);
    } finally {
      pdf = valid;
    }
    expect((await db('uploads').where({ id }).first()).status).toBe('COMPLETED');
    expect(deleted).toEqual([]);
  });
});
