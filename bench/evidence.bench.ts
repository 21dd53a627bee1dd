import { randomUUID } from 'node:crypto';
import knex from 'knex';
import type { AnySignetEvent } from '@signet/contracts';
import { apiKeyIdOf } from '../apps/signet/test/webhooks/events';
import { samplePdf } from '../libs/testkit/src';
import { percentile } from './measure';
import { BENCH_KEY, startBenchSignet } from './signet-for-bench';

const ENVELOPES = 10;
const RECIPIENTS = 10;
const TIMELINE_ENTRIES = 100;
const CACHED_CALLS = 200;
const RECIPIENT_EVENT_TYPES = ['recipient.email_sent', 'recipient.email_received', 'recipient.email_opened', 'recipient.email_clicked'] as const;

type Data = Record<string, unknown>;

/**
 * The evidence sheet of a SUCCESS envelope with 10 recipients and over 100 timeline entries: the first
 * GET /evidence (one render) on 10 envelopes and 200 repeated (cached) calls. The envelopes are real and
 * signed through the API; 100 synthetic, contract-valid email events per envelope are published on the
 * running system's bus under the bench key's tenant to fill their timelines.
 */
export async function benchEvidence() {
  const { signet, url, close } = await startBenchSignet();
  const call = async (method: string, route: string, form?: Record<string, string>) => {
    const body = form ? new FormData() : undefined;
    for (const [name, value] of Object.entries(form ?? {})) body?.append(name, value);
    const response = await fetch(`${url}${route}`, { method, headers: { authorization: BENCH_KEY }, body });
    return { status: response.status, body: (await response.json()) as Data };
  };
  const db = knex({ client: 'pg', connection: signet.config.databaseUrl as string });
  try {
    const form: Record<string, string> = { 'documents[0][base64]': (await samplePdf()).toString('base64') };
    for (let index = 0; index < RECIPIENTS; index += 1) {
      form[`recipients[${index}][email]`] = `signer${index}@example.com`;
      form[`recipients[${index}][name]`] = `Bench Signer ${index}`;
    }
    const apiKeyId = await apiKeyIdOf(signet.config.databaseUrl as string, BENCH_KEY);
    let clock = Date.now() - 3_600_000;
    const publish = async (event: AnySignetEvent, key: string) => {
      clock += 1;
      await signet.bus.publish([{ topic: event.event_type, key, event, headers: { tenantId: 'bench', apiKeyId, occurredAt: new Date(clock).toISOString(), requestId: null } }]);
    };
    // Real envelopes, signed by every recipient through the API (the sheet lists the signed PDFs'
    // signatures, which the envelope part reads), their timelines filled up with synthetic email events.
    const envelopeIds: string[] = [];
    for (let n = 0; n < ENVELOPES; n += 1) {
      const created = await call('POST', '/api/v1/envelopes', form);
      if (created.status !== 201 && created.status !== 200) throw new Error(`POST /envelopes answered ${created.status}: ${JSON.stringify(created.body)}`);
      const envelope = created.body.envelope as Data;
      const id = String(envelope.id);
      const sent = await call('POST', `/api/v1/envelopes/${id}/send_invitation`);
      if (sent.status !== 200) throw new Error(`send_invitation answered ${sent.status}`);
      // The recipients as the envelopes part's events carry them, as the evidence part recorded them.
      let snapshot: Data | undefined;
      for (let tries = 0; !snapshot; tries += 1) {
        if (tries > 600) throw new Error('the evidence part did not record the created envelope in 60 s');
        const row = await db('evidence.evidence_envelopes').where({ envelope_id: id }).first('snapshot');
        snapshot = (row?.snapshot ?? undefined) as Data | undefined;
        if (!snapshot) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const recipients = (snapshot.recipients ?? []) as Data[];
      for (let entry = 0; entry < TIMELINE_ENTRIES; entry += 1) {
        const recipient = recipients[entry % recipients.length] as Data;
        const type = RECIPIENT_EVENT_TYPES[Math.floor(entry / recipients.length) % RECIPIENT_EVENT_TYPES.length] as string;
        await publish({ id: randomUUID(), event_type: type, data: { ...recipient, status: 'IN_PROGRESS' } } as AnySignetEvent, id);
      }
      for (const recipient of recipients) {
        const link = await call('POST', `/api/v1/envelopes/${id}/recipients/${String(recipient.id)}/signing_url`, {});
        const token = String(link.body.signing_url).split('/sign/')[1];
        const signed = await fetch(`${url}/signing/v1/${token}/sign`, {
          method: 'POST', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ consent: true, signature: { type: 'WRITTEN', text: String(recipient.name) } })
        });
        if (signed.status !== 200) throw new Error(`sign answered ${signed.status}`);
      }
      envelopeIds.push(id);
    }

    // Wait until the evidence part has consumed every event of every envelope.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const rows = await db('evidence.timeline_events').whereIn('envelope_id', envelopeIds).groupBy('envelope_id').select('envelope_id').count({ entries: '*' });
      const complete = rows.filter((row) => Number(row.entries) >= TIMELINE_ENTRIES).length;
      if (complete === ENVELOPES) break;
      if (Date.now() > deadline) throw new Error(`the evidence part consumed ${complete}/${ENVELOPES} envelopes' timelines in 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    for (const id of envelopeIds) {
      for (let tries = 0; ; tries += 1) {
        const shown = await call('GET', `/api/v1/envelopes/${id}`);
        if ((shown.body.envelope as Data | undefined)?.status === 'SUCCESS') break;
        if (tries > 1200) throw new Error(`envelope ${id} did not complete in 120 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    const evidence = async (id: string) => {
      const begin = performance.now();
      const answer = await call('GET', `/api/v1/envelopes/${id}/evidence`);
      const ms = performance.now() - begin;
      if (answer.status !== 200) throw new Error(`GET /evidence answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return ms;
    };
    const first: number[] = [];
    for (const id of envelopeIds) first.push(await evidence(id));
    const cached: number[] = [];
    for (let index = 0; index < CACHED_CALLS; index += 1) cached.push(await evidence(envelopeIds[index % envelopeIds.length] as string));

    return {
      envelope: { recipients: RECIPIENTS, timeline_entries: TIMELINE_ENTRIES },
      first_render: { calls: first.length, p50_ms: percentile(first, 50), p99_ms: percentile(first, 99) },
      cached: { calls: cached.length, p50_ms: percentile(cached, 50), p99_ms: percentile(cached, 99) },
      spec: { first_render: '1-3 s', cached: '< 100 ms' }
    };
  } finally {
    await db.destroy();
    await close();
  }
}
