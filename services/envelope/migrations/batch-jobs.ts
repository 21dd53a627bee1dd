import type { Knex } from 'knex';
import type { Migration } from '@signet/db';
import { addJob, ensureJobSchema } from '@signet/jobs';
import { RUN_BATCH } from '../src/envelope-jobs';

/**
 * Batches are run by a job each: every unfinished batch (PENDING or RUNNING) is carried over as its
 * queued job, oldest first, and the worker's turn-taking column goes (the queue's order takes turns now).
 */
export const batchJobsMigration: Migration = {
  name: 'envelope_batch_jobs',
  async up(knex: Knex) {
    await ensureJobSchema(knex);
    const unfinished: Array<{ id: string }> = await knex('batches').select('id').whereIn('status', ['PENDING', 'RUNNING']).orderBy('created_at');
    for (const batch of unfinished) {
      await addJob(knex, RUN_BATCH, { batchId: batch.id }, { key: batch.id });
    }
    await knex.schema.alterTable('batches', (table) => table.dropColumn('served_at'));
  }
};
