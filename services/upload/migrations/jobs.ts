import type { Knex } from 'knex';
import type { Migration } from '@signet/db';
import { addJob, ensureJobSchema } from '@signet/jobs';
import { PROCESS_UPLOAD } from '../src/upload-jobs';

/**
 * Processing becomes a job per upload: every received file not yet processed (UPLOADED, or PROCESSING
 * by a worker that may be gone) is carried over as a queued job, and the processor's index goes.
 */
export const uploadJobsMigration: Migration = {
  name: 'upload_0002_jobs',
  async up(knex: Knex) {
    await ensureJobSchema(knex);
    const waiting: Array<{ id: string }> = await knex('uploads').select('id').whereIn('status', ['UPLOADED', 'PROCESSING']).orderBy('uploaded_at');
    for (const upload of waiting) {
      await addJob(knex, PROCESS_UPLOAD, { uploadId: upload.id }, { key: upload.id });
    }
    await knex.raw('DROP INDEX IF EXISTS uploads_to_process');
  }
};
