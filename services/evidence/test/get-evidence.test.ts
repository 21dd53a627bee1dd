import type { Knex } from 'knex';
import { sampleEnvelopePayload } from '@signet/contracts/src/test-samples';
import { openDatabase } from '@signet/db';
import type { RequestContext } from '@signet/http';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { evidenceMigrations } from '../migrations';
import type { EvidenceGenerator } from '../src/evidence-generator';
import { type EvidenceDeps, getEvidence } from '../src/get-evidence';

const context: RequestContext = { tenantId: 'acme', apiKeyId: 'key-1', plan: 'starter', requestId: 'req_test' };
const document = { document_url: 'https://signet.example/files/evidence.pdf', generated_at: '2026-11-21T10:00:00.000Z' };

/** The evidence GET as a plain function: no express; rendering and links are the generator's (tested on their own). */
describe('getting an envelope\'s evidence sheet (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Knex;
  let deps: EvidenceDeps;
  const rendered: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'evidence', migrations: evidenceMigrations });
    const generator = {
      renderOnce: async (envelopeId: string) => {
        rendered.push(envelopeId);
        return db('evidence_envelopes').where({ envelope_id: envelopeId }).first();
      },
      cached: async () => document
    } as unknown as EvidenceGenerator;
    deps = { db, generator, envelopeUrl: () => 'http://127.0.0.1:9', internalSecret: 'test' };
    const row = (id: string, tenant: string, status: string, blobKey: string | null = null) =>
      ({ envelope_id: id, tenant_id: tenant, snapshot: JSON.stringify({ ...sampleEnvelopePayload(), id, status }), timeline_version: 1, blob_key: blobKey });
    await db('evidence_envelopes').insert([
      row('env-done', 'acme', 'SUCCESS'), row('env-cached', 'acme', 'SUCCESS', 'evidence/env-cached.pdf'),
      row('env-running', 'acme', 'IN_PROGRESS'), row('env-other', 'globex', 'SUCCESS')
    ]);
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('renders a SUCCESS envelope\'s sheet the first time and answers a rendered one from the cache', async () => {
    expect(await getEvidence(deps, { context, envelopeId: 'env-done' })).toEqual(document);
    expect(await getEvidence(deps, { context, envelopeId: 'env-cached' })).toEqual(document);
    expect(rendered).toEqual(['env-done']);
  });

  it('is NOT_FOUND for another tenant\'s envelope and CONFLICT before SUCCESS, rendering nothing', async () => {
    await expect(getEvidence(deps, { context, envelopeId: 'env-other' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getEvidence(deps, { context, envelopeId: 'env-running' })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('IN_PROGRESS') });
    expect(rendered).toEqual(['env-done']);
  });
});
