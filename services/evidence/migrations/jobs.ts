import type { Migration } from '@signet/db';
import { addJob, ensureJobSchema } from '@signet/jobs';
import { RERENDER_EVIDENCE } from '../src/evidence-jobs';

/** Re-rendering stale evidence becomes a job per envelope: every envelope the poller would have found is queued. */
export const evidenceJobsMigration: Migration = {
  name: 'evidence_0003_jobs',
  async up(knex) {
    await ensureJobSchema(knex);
    const stale: string[] = await knex('evidence_envelopes').whereNotNull('blob_key').andWhereRaw('timeline_version > rendered_version').pluck('envelope_id');
    for (const envelopeId of stale) {
      await addJob(knex, RERENDER_EVIDENCE, { envelopeId }, { key: envelopeId });
    }
  }
};
