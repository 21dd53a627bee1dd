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

const snapshot = { ...sampleEnvelopePayload(), id: 'env-1' };

/** Two evidence replicas share one database and one blob store. */
describe('the evidence generator across replicas (PostgreSQL)', () => {
  let seal: SealPdf;

  beforeAll(async () => {
    seal = await developmentSeal();
  });

  let database: TestDatabase;
  let db: Knex;
  let dir: string;

  beforeEach(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'evidence', migrations: evidenceMigrations });
    dir = await mkdtemp(path.join(tmpdir(), 'evidence-'));
    await db('evidence_envelopes').insert({ envelope_id: 'env-1', tenant_id: 'acme', snapshot: JSON.stringify(snapshot), timeline_version: 1 });
  });

  afterEach(async () => {
    await db.destroy();
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  });

  const replica = () => createEvidenceGenerator({
    db,
    blobs: createFilesystemBlobStore({ dir, publicBaseUrl: 'http://localhost:3000', signingSecret: 'test-secret' }),
    clock: () => new Date(),
    committed: () => undefined,
    stillStale: async () => undefined,
    loadLogo: async () => null,
    seal
  });

  it('renders once when two replicas are asked at the same moment, and both answer with that document', async () => {
    const [first, second] = await Promise.all([replica().renderOnce('env-1'), replica().renderOnce('env-1')]);
    expect(second.blob_key).toBe(first.blob_key);
    expect(await db('evidence_envelopes').where({ envelope_id: 'env-1' }).first()).toMatchObject({ render_count: 1, rendered_version: 1 });
    expect(await db('outbox').where({ topic: 'envelope.evidence_generated' })).toHaveLength(1);
  });

  it('renders again once the timeline has grown', async () => {
    const before = await replica().renderOnce('env-1');
    await db('evidence_envelopes').where({ envelope_id: 'env-1' }).increment('timeline_version', 1);
    const after = await replica().renderOnce('env-1');
    expect(after.blob_key).not.toBe(before.blob_key);
    expect(after).toMatchObject({ render_count: 2, rendered_version: 2 });
  });
});
