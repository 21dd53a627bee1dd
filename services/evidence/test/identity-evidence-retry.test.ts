import type { Server } from 'node:http';
import type { Knex } from 'knex';
import { sampleEnvelopePayload } from '@signet/contracts/src/test-samples';
import { DEFAULT_BIOMETRIC, DEFAULT_ID_CHECK, Type } from '@signet/contracts';
import { createServiceApp, internalPost } from '@signet/http';
import { createJobSystem, type JobSystem } from '@signet/jobs';
import { createLogger } from '@signet/log';
import { freePort, pdftotext, waitFor } from '@signet/testkit';
import { RERENDER_EVIDENCE, rerenderEvidenceJob } from '../src/evidence-jobs';
import type { EvidenceGenerator } from '../src/evidence-generator';
import { validationIdentityClient } from '../src/identity-client';
import { HASHES, identityRecords } from './identity-records';
import { openEvidenceTestbed, type EvidenceTestbed } from './evidence-testbed';

const SECRET = 'identity-evidence-test-secret';

/** A SUCCESS envelope of Ana and Ben, with the ID document check on (or off) in its settings. */
function snapshot(id: string, idCheck: 'TRUE' | 'FALSE') {
  const sample = sampleEnvelopePayload();
  const [first] = sample.recipients;
  return {
    ...sample, id,
    recipients: [{ ...first!, id: 'rec-1', envelope_id: id, name: 'Ana Lima', email: 'ana@example.com' }, { ...first!, id: 'rec-2', envelope_id: id, custom_key: 'ben', name: 'Ben Ode', email: 'ben@example.com' }],
    settings: { ...sample.settings, validations: { ...sample.settings.validations, id_check: { ...DEFAULT_ID_CHECK, enabled: idCheck }, biometric: { ...DEFAULT_BIOMETRIC, enabled: 'FALSE' } } }
  };
}

/**
 * The validation part's `POST /internal/identity/evidence` as this part sees it: the same signed internal
 * call over HTTP, answered with the records of the fixture (the validation part's own tests cover how it
 * builds them). It notes who asked.
 */
function validationStandIn(asked: Array<{ tenantId: string; apiKeyId: string; envelopeId: string }>) {
  return createServiceApp({
    name: 'validation', log: createLogger({ level: 'silent' }), internalSecret: SECRET, healthcheck: async () => ({ ok: true, checks: {} }),
    routes: (app) => internalPost(app, '/internal/identity/evidence', Type.Object({ envelope_id: Type.String() }), async (context, body) => {
      asked.push({ tenantId: context.tenantId, apiKeyId: context.apiKeyId, envelopeId: body.envelope_id });
      return identityRecords();
    })
  });
}

async function sheetOf(testbed: EvidenceTestbed, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await testbed.blobs.get(key)) chunks.push(chunk as Buffer);
  return pdftotext(Buffer.concat(chunks));
}

describe('the evidence sheet of an envelope with identity checks (PostgreSQL, jobs, the validation part over HTTP)', () => {
  let testbed: EvidenceTestbed;
  let db: Knex;
  let jobs: JobSystem | undefined;
  let server: Server | undefined;
  let validationUrl: string;
  let generator: EvidenceGenerator;
  const asked: Array<{ tenantId: string; apiKeyId: string; envelopeId: string }> = [];

  beforeAll(async () => {
    testbed = await openEvidenceTestbed();
    db = testbed.db;
    const port = await freePort();
    validationUrl = `http://127.0.0.1:${port}`;
    generator = testbed.generator(undefined, validationIdentityClient(() => validationUrl, SECRET));
  });

  afterAll(async () => {
    await jobs?.stop();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await testbed.close();
  });

  const row = (id: string) => db('evidence_envelopes').where({ envelope_id: id }).first();

  it('renders nothing while the validation part cannot be reached, and the job renders the sheet with the identity checks once it can', async () => {
    await db('evidence_envelopes').insert({ envelope_id: 'env-id', tenant_id: 'acme', api_key_id: 'key-creator', snapshot: JSON.stringify(snapshot('env-id', 'TRUE')), timeline_version: 1 });

    // Nothing listens where the validation part should answer: the render fails, and leaves nothing.
    await expect(generator.renderOnce('env-id')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await row('env-id')).toMatchObject({ blob_key: null, rendered_version: null, render_count: 0 });
    expect(await db('outbox').where({ topic: 'envelope.evidence_generated' })).toHaveLength(0);

    // The re-render job meets the same fault, and is retried (its backoff: 5 s).
    const outcomes: string[] = [];
    const observed = {
      renderOnce: (id: string) => generator.renderOnce(id).then(
        (rendered) => (outcomes.push('rendered'), rendered),
        (error: { code?: string }) => { outcomes.push(error.code ?? String(error)); throw error; }
      )
    };
    jobs = createJobSystem({ databaseUrl: testbed.databaseUrl, clock: () => new Date(), log: createLogger({ level: 'silent' }), concurrency: 1, pollIntervalMs: 100 });
    jobs.register(rerenderEvidenceJob(observed));
    await jobs.start();
    await jobs.enqueue(db, RERENDER_EVIDENCE, { envelopeId: 'env-id' }, { key: 'env-id' });
    await waitFor(() => outcomes.length >= 1, 15_000, 'the job\'s first attempt');
    expect(outcomes).toEqual(['SERVICE_UNAVAILABLE']);
    expect(await row('env-id')).toMatchObject({ blob_key: null, rendered_version: null, render_count: 0 });

    // The validation part comes up: the job's next attempt renders the sheet, identity checks included.
    const app = validationStandIn(asked);
    const port = Number(new URL(validationUrl).port);
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(port, '127.0.0.1', () => resolve(listening));
    });
    await waitFor(async () => (await row('env-id'))?.blob_key !== null, 30_000, 'the job\'s retry to render the sheet');
    expect(outcomes.at(-1)).toBe('rendered');
    expect(outcomes.slice(0, -1).every((outcome) => outcome === 'SERVICE_UNAVAILABLE')).toBe(true);
    expect(await row('env-id')).toMatchObject({ rendered_version: 1, render_count: 1 });
    // Asked with the envelope's tenant and the API key that made it.
    expect(asked).toEqual([{ tenantId: 'acme', apiKeyId: 'key-creator', envelopeId: 'env-id' }]);

    const text = await sheetOf(testbed, (await row('env-id')).blob_key);
    for (const shown of ['Identity checks', 'Identity document check', 'Selfie check', '******123', 'key-sender-42', 'onfido-chk-7731', ...Object.values(HASHES)]) {
      expect({ shown, found: text.includes(shown) }).toEqual({ shown, found: true });
    }
  });

  it('asks the validation part when only the timeline holds identity events, and not for an envelope without any', async () => {
    asked.length = 0;
    // Both checks off, but an assertion was recorded for Ben (an integrator may assert with the checks off).
    await db('evidence_envelopes').insert([
      { envelope_id: 'env-asserted', tenant_id: 'acme', api_key_id: 'key-creator', snapshot: JSON.stringify(snapshot('env-asserted', 'FALSE')), timeline_version: 1 },
      { envelope_id: 'env-plain', tenant_id: 'acme', api_key_id: 'key-creator', snapshot: JSON.stringify(snapshot('env-plain', 'FALSE')), timeline_version: 0 }
    ]);
    await db('timeline_events').insert({
      event_id: 'evt-asserted', tenant_id: 'acme', envelope_id: 'env-asserted', event_type: 'recipient.validation_id_check_success', occurred_at: new Date('2026-01-02T09:00:00Z'),
      recipient_id: 'rec-2', recipient_name: 'Ben Ode', recipient_email: 'ben@example.com', details: JSON.stringify({ envelope_id: 'env-asserted' })
    });
    const asserted = await generator.renderOnce('env-asserted');
    expect(asked).toEqual([{ tenantId: 'acme', apiKeyId: 'key-creator', envelopeId: 'env-asserted' }]);
    const text = await sheetOf(testbed, asserted.blob_key as string);
    expect(text).toContain('The integrator’s assertion (assertion)');

    await generator.renderOnce('env-plain');
    expect(asked).toHaveLength(1);
    expect(await sheetOf(testbed, (await row('env-plain')).blob_key)).not.toContain('Identity checks');
  });

  it('takes an answer it cannot read for a fault too: nothing is rendered', async () => {
    const garbled = createServiceApp({
      name: 'validation', log: createLogger({ level: 'silent' }), internalSecret: SECRET, healthcheck: async () => ({ ok: true, checks: {} }),
      routes: (app) => internalPost(app, '/internal/identity/evidence', Type.Object({ envelope_id: Type.String() }), async () => ({ recipients: [{ recipient_id: 'rec-1', id_check: { method: 'local' } }] }))
    });
    const port = await freePort();
    const listening = await new Promise<Server>((resolve) => {
      const opened = garbled.listen(port, '127.0.0.1', () => resolve(opened));
    });
    try {
      await db('evidence_envelopes').insert({ envelope_id: 'env-garbled', tenant_id: 'acme', api_key_id: 'key-creator', snapshot: JSON.stringify(snapshot('env-garbled', 'TRUE')), timeline_version: 1 });
      const reading = testbed.generator(undefined, validationIdentityClient(() => `http://127.0.0.1:${port}`, SECRET));
      await expect(reading.renderOnce('env-garbled')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('cannot read') });
      expect(await row('env-garbled')).toMatchObject({ blob_key: null, rendered_version: null, render_count: 0 });
    } finally {
      await new Promise((resolve) => listening.close(resolve));
    }
  });
});
