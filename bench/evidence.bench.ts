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
 * The evidence sheet of a SUCCESS envelope with 10 recipients and 100 timeline entries: the first
 * GET /evidence (one render) on 10 envelopes and 200 repeated (cached) calls. The envelopes' histories are
 * synthetic, contract-valid events published on the running system's bus under the bench key's tenant,
 * built from a real envelope the API created.
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
    const created = await call('POST', '/api/v1/envelopes', form);
    if (created.status !== 201 && created.status !== 200) throw new Error(`POST /envelopes answered ${created.status}: ${JSON.stringify(created.body)}`);
    // The envelope.created payload the envelopes part published, as the evidence part recorded it.
    const createdId = String((created.body.envelope as Data).id);
    let template: Data | undefined;
    for (let tries = 0; !template; tries += 1) {
      if (tries > 600) throw new Error('the evidence part did not record the created envelope in 60 s');
      const row = await db('evidence.evidence_envelopes').where({ envelope_id: createdId }).first('snapshot');
      template = (row?.snapshot ?? undefined) as Data | undefined;
      if (!template) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const apiKeyId = await apiKeyIdOf(signet.config.databaseUrl as string, BENCH_KEY);

    let clock = Date.now() - 3_600_000;
    const publish = async (event: AnySignetEvent, key: string) => {
      clock += 1;
      await signet.bus.publish([{ topic: event.event_type, key, event, headers: { tenantId: 'bench', apiKeyId, occurredAt: new Date(clock).toISOString(), requestId: null } }]);
    };
    const envelopeIds: string[] = [];
    for (let n = 0; n < ENVELOPES; n += 1) {
      const id = randomUUID();
      const recipients: Data[] = ((template.recipients ?? []) as Data[]).map((recipient) => ({ ...recipient, id: randomUUID(), envelope_id: id }));
      const envelope = { ...template, id, recipients };
      const at = (status: string) => ({ ...envelope, status, recipients: recipients.map((recipient) => ({ ...recipient, status: status === 'SUCCESS' ? 'SUCCESS' : recipient.status })) });
      const envelopeEvent = (type: string, data: Data) => ({ id: randomUUID(), event_type: type, data }) as AnySignetEvent;
      await publish(envelopeEvent('envelope.created', at(String(template.status))), id);
      await publish(envelopeEvent('envelope.updated', at(String(template.status))), id);
      await publish(envelopeEvent('envelope.in_progress', at('IN_PROGRESS')), id);
      for (let entry = 0; entry < TIMELINE_ENTRIES - 4; entry += 1) {
        const recipient = recipients[entry % recipients.length] as Data;
        const type = RECIPIENT_EVENT_TYPES[Math.floor(entry / recipients.length) % RECIPIENT_EVENT_TYPES.length] as string;
        await publish({ id: randomUUID(), event_type: type, data: { ...recipient, status: 'IN_PROGRESS' } } as AnySignetEvent, id);
      }
      await publish(envelopeEvent('envelope.success', at('SUCCESS')), id);
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
