import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { createFilesystemBlobStore } from '@signet/blob';
import { sampleEnvelopePayload } from '@signet/contracts/src/test-samples';
import { openDatabase } from '@signet/db';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { evidenceMigrations } from '../migrations';
import { createEvidenceGenerator } from '../src/evidence-generator';
import type { SealPdf } from '../src/seal-client';
import { developmentSeal } from './development-seal';
import { timelineStore, type EvidenceRow } from '../src/timeline-store';

const snapshot = { ...sampleEnvelopePayload(), id: 'env-1' };

/**
 * A request reads the evidence row, then refreshes its expiring link; meanwhile the stale renderer
 * replaced the document. The refresh must not point the stored link back at the replaced (deleted) file.
 */
describe('refreshing an evidence link while the document is re-rendered (PostgreSQL)', () => {
  let seal: SealPdf;

  beforeAll(async () => {
    seal = await developmentSeal();
  });

  let database: TestDatabase;
  let db: Knex;
  let dir: string;
  let now: Date;

  beforeEach(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'evidence', migrations: evidenceMigrations });
    dir = await mkdtemp(path.join(tmpdir(), 'evidence-'));
    now = new Date('2026-11-21T10:00:00.000Z');
    await db('evidence_envelopes').insert({ envelope_id: 'env-1', tenant_id: 'acme', snapshot: JSON.stringify(snapshot), timeline_version: 1 });
  });

  afterEach(async () => {
    await db.destroy();
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the link to the new document when a request refreshes the link of the document it replaced', async () => {
    const clock = () => now;
    const generator = createEvidenceGenerator({
      db,
      blobs: createFilesystemBlobStore({ dir, publicBaseUrl: 'http://localhost:3000', signingSecret: 'test-secret', clock }),
      clock,
      committed: () => undefined,
      stillStale: async () => undefined,
      loadLogo: async () => null,
    seal
    });
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
