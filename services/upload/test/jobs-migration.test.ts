import { Readable } from 'node:stream';
import type { BlobStore } from '@signet/blob';
import { listMigrationSource, openDatabase } from '@signet/db';
import { createJobSystem } from '@signet/jobs';
import { createLogger } from '@signet/log';
import { closePdfWorkers } from '@signet/pdf';
import { createTestDatabase, samplePdf } from '@signet/testkit';
import { uploadMigrations } from '../migrations';
import { MAX_FILE_SIZE, UPLOAD_URL_TTL_MS, type UploadRow } from '../src/model';
import { giveUpUpload, processQueuedUpload } from '../src/process-upload';
import { queueProcessing, uploadJobKinds } from '../src/upload-jobs';
import { uploadStore } from '../src/upload-store';

/** The migration to jobs loses no received file: each one waiting for the old processor is processed by a job. */
describe('the upload migration to jobs (PostgreSQL)', () => {
  afterAll(() => closePdfWorkers());

  it('carries an UPLOADED file and one a dead worker was PROCESSING over as jobs, which complete them', async () => {
    const database = await createTestDatabase();
    const before = uploadMigrations.filter((migration) => migration.name !== 'upload_0002_jobs');
    const db = await openDatabase({ url: database.url, schema: 'upload', migrations: before });
    const log = createLogger({ level: 'silent' });
    const jobs = createJobSystem({ databaseUrl: database.url, clock: () => new Date(), log, concurrency: 2, pollIntervalMs: 100 });
    try {
      const pdf = await samplePdf();
      const now = new Date();
      const row = (id: string, order: number, status: UploadRow['status']): UploadRow => ({
        id, tenant_id: 'acme', envelope_id: 'env-1', envelope_api_key_id: 'key-1', status, file_name: 'contract.pdf', order, custom_key: null,
        token_hash: id.repeat(64).slice(0, 64), expires_at: new Date(now.getTime() + UPLOAD_URL_TTL_MS), max_file_size: MAX_FILE_SIZE,
        receiving_since: null, processing_since: status === 'PROCESSING' ? now : null, blob_key: `uploads/${id}.pdf`, sha256: 'cd'.repeat(32),
        file_size: pdf.length, page_count: null, file_id: null, error_message: null, uploaded_at: now, processed_at: null, created_at: now, updated_at: now
      });
      await db('uploads').insert([row('a', 0, 'UPLOADED'), row('b', 1, 'PROCESSING')]);
      await db.migrate.latest({ schemaName: 'upload', tableName: 'knex_migrations', migrationSource: listMigrationSource(uploadMigrations) });

      const blobs = { get: async () => Readable.from(pdf), delete: async () => undefined } as unknown as BlobStore;
      const deps = { db, store: uploadStore(db), blobs, clock: () => new Date(), queueProcessing: queueProcessing(jobs) };
      jobs.register(...uploadJobKinds({ process: (id) => processQueuedUpload(deps, id), giveUp: (id) => giveUpUpload(deps, id) }));
      await jobs.start();
      await jobs.runDue();
      expect(await db('uploads').orderBy('id').select('id', 'status', 'page_count')).toEqual([
        { id: 'a', status: 'COMPLETED', page_count: 1 }, { id: 'b', status: 'COMPLETED', page_count: 1 }
      ]);
      expect((await db('outbox').where({ topic: 'document.processed' })).map((event) => event.payload.data.upload_id).sort()).toEqual(['a', 'b']);
    } finally {
      await jobs.stop();
      await db.destroy();
      await database.drop();
    }
  });
});
