import type { Knex } from 'knex';
import { AppError } from '@signet/http';
import type { SealPdf } from '../src/seal-client';
import { developmentSeal } from './development-seal';
import { openEvidenceTestbed, type EvidenceTestbed } from './evidence-testbed';

/** Two evidence replicas share one database and one blob store. */
describe('the evidence generator across replicas (PostgreSQL)', () => {
  let seal: SealPdf;
  let testbed: EvidenceTestbed;
  let db: Knex;

  beforeAll(async () => {
    seal = await developmentSeal();
  });

  beforeEach(async () => {
    testbed = await openEvidenceTestbed(seal);
    db = testbed.db;
    await testbed.insertEnvelope('env-1');
  });

  afterEach(() => testbed.close());

  const replica = () => testbed.generator();

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

  it('renders nothing while the envelope part cannot list the documents\' signatures, and renders once it can', async () => {
    const unreachable = testbed.generator(undefined, undefined, async () => {
      throw new AppError('SERVICE_UNAVAILABLE', 'A part Signet needs did not answer (GET /internal/envelopes/env-1/signatures)');
    });
    await expect(unreachable.renderOnce('env-1')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await db('evidence_envelopes').where({ envelope_id: 'env-1' }).first()).toMatchObject({ render_count: 0, blob_key: null });
    expect(await db('outbox').where({ topic: 'envelope.evidence_generated' })).toHaveLength(0);
    expect(await replica().renderOnce('env-1')).toMatchObject({ render_count: 1 });
  });
});
