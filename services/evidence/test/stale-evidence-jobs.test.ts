import type { Knex } from 'knex';
import { createJobSystem, JobSystem } from '@signet/jobs';
import { createLogger } from '@signet/log';
import { waitFor } from '@signet/testkit';
import { rerenderEvidenceJob } from '../src/evidence-jobs';
import { timelineStore } from '../src/timeline-store';
import { openEvidenceTestbed, type EvidenceTestbed } from './evidence-testbed';

/** Stale evidence is re-rendered by a job per envelope: one whose sheet cannot be rendered holds up no other. */
describe('re-rendering stale evidence (PostgreSQL, jobs)', () => {
  let testbed: EvidenceTestbed;
  let db: Knex;
  let jobs: JobSystem;

  beforeAll(async () => {
    testbed = await openEvidenceTestbed();
    db = testbed.db;
  });

  afterAll(async () => {
    await jobs?.stop();
    await testbed.close();
  });

  it('re-renders every stale envelope after one whose sheet cannot be rendered, queued by the event that made it stale', async () => {
    // env-a sorts first: the poller took it first every time, and never got past it.
    const ids = ['env-a-broken', 'env-b', 'env-c'];
    for (const id of ids) await testbed.insertEnvelope(id);
    const generator = testbed.generator();
    for (const id of ids) await generator.renderOnce(id);
    jobs = createJobSystem({ databaseUrl: testbed.databaseUrl, clock: () => new Date(), log: createLogger({ level: 'silent' }), concurrency: 1, pollIntervalMs: 100 });
    // env-a-broken's sheet cannot be rendered (a PDF that breaks the renderer, say).
    const rerender = rerenderEvidenceJob({ ...generator, renderOnce: (id) => (id === 'env-a-broken' ? Promise.reject(new Error('cannot render')) : generator.renderOnce(id)) });
    jobs.register(rerender);
    await jobs.start();
    for (const [index, id] of ids.entries()) {
      await timelineStore.recordOnce(db, 'signet.evidence.timeline', 'acme', {
        event_id: `evt-${index}`, event_type: 'recipient.signed_all', occurred_at: new Date(), recipient_id: 'rcp-1', recipient_name: 'Ana', recipient_email: 'ana@example.com',
        ip_address: null, user_agent: null, details: { envelope_id: id }
      }, { bumpsVersion: true, snapshot: null, apiKeyId: null });
    }
    await waitFor(async () => {
      const rows = await db('evidence_envelopes').whereIn('envelope_id', ['env-b', 'env-c']).select('rendered_version');
      return rows.every((row) => row.rendered_version === 2);
    }, 30_000, 'env-b and env-c re-rendered');
    expect(await db('evidence_envelopes').where({ envelope_id: 'env-a-broken' }).first()).toMatchObject({ rendered_version: 1, timeline_version: 2 });
  });
});
