import type { Knex } from 'knex';
import { timelineStore, type EvidenceRow } from '../src/timeline-store';
import { openEvidenceTestbed, type EvidenceTestbed } from './evidence-testbed';

/**
 * A request reads the evidence row, then refreshes its expiring link; meanwhile the stale renderer
 * replaced the document. The refresh must not point the stored link back at the replaced (deleted) file.
 */
describe('refreshing an evidence link while the document is re-rendered (PostgreSQL)', () => {
  let testbed: EvidenceTestbed;
  let db: Knex;
  let now: Date;

  beforeEach(async () => {
    testbed = await openEvidenceTestbed();
    db = testbed.db;
    now = new Date('2026-11-21T10:00:00.000Z');
    await testbed.insertEnvelope('env-1');
  });

  afterEach(() => testbed.close());

  it('keeps the link to the new document when a request refreshes the link of the document it replaced', async () => {
    const generator = testbed.generator(() => now);
    const first = await generator.renderOnce('env-1');
    now = new Date(now.getTime() + 23.5 * 3_600_000);
    // The request reads the row (its link has half an hour left)...
    const read = await timelineStore.find(db, 'env-1') as EvidenceRow;
    expect(read.blob_key).toBe(first.blob_key);
    // ...the timeline grows and the stale renderer replaces the document...
    await db('evidence_envelopes').where({ envelope_id: 'env-1' }).increment('timeline_version', 1);
    const second = await generator.renderOnce('env-1');
    expect(second.blob_key).not.toBe(first.blob_key);
    // ...then the request refreshes the link of what it read.
    now = new Date(now.getTime() + 1000);
    await generator.cached(read);
    const stored = await timelineStore.find(db, 'env-1') as EvidenceRow;
    expect(stored.blob_key).toBe(second.blob_key);
    expect(stored.document_url).toBe(second.document_url);
    expect(stored.document_url_expires_at).toEqual(second.document_url_expires_at);
  });
});
