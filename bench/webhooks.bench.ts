import { randomUUID } from 'node:crypto';
import { apiKeyIdOf, publishEvent, specEvent } from '../apps/signet/test/webhooks/events';
import { samplePdf } from '../libs/testkit/src';
import { percentile } from './measure';
import { startReceiver } from './receiver';
import { BENCH_KEY, startBenchSignet } from './signet-for-bench';

const LATENCY_RUNS = 100;
const THROUGHPUT_WEBHOOKS = 5;
const THROUGHPUT_EVENTS = 400;

/**
 * Webhooks in monolith mode with the default poll intervals: the time from the API call that causes an
 * event (send_invitation) to the receiver having envelope.in_progress, and deliveries per second to a
 * local receiver when 2,000 are due at once (400 events to 5 webhooks).
 */
export async function benchWebhooks() {
  const { signet, url, close } = await startBenchSignet({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
  const waiting = new Map<string, () => void>();
  let arrivals = 0;
  const receiver = await startReceiver((arrival) => {
    arrivals += 1;
    if (arrival.eventType === 'envelope.in_progress') waiting.get(arrival.subjectId)?.();
  });
  const call = async (method: string, route: string, options: { json?: unknown; form?: Record<string, string> } = {}) => {
    const form = options.form ? new FormData() : undefined;
    for (const [name, value] of Object.entries(options.form ?? {})) form?.append(name, value);
    const headers: Record<string, string> = { authorization: BENCH_KEY, ...(options.json === undefined ? {} : { 'content-type': 'application/json' }) };
    const response = await fetch(`${url}${route}`, { method, headers, body: options.json === undefined ? form : JSON.stringify(options.json) });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  };
  try {
    await call('POST', '/api/v1/webhooks', { json: { url: `${receiver.url}/latency`, subscriptions: 'envelope.in_progress' } });
    const pdf = (await samplePdf()).toString('base64');
    const latencies: number[] = [];
    for (let run = 0; run < LATENCY_RUNS; run += 1) {
      const created = await call('POST', '/api/v1/envelopes', {
        form: { 'documents[0][base64]': pdf, 'recipients[0][email]': 'bench@example.com', 'recipients[0][name]': 'Bench Signer' }
      });
      const envelopeId = (created.body.envelope as { id: string }).id;
      const arrived = new Promise<void>((resolve) => waiting.set(envelopeId, resolve));
      const sentAt = performance.now();
      const sent = await call('POST', `/api/v1/envelopes/${envelopeId}/send_invitation`);
      if (sent.status !== 200) throw new Error(`send_invitation answered ${sent.status}`);
      await arrived;
      latencies.push(performance.now() - sentAt);
      waiting.delete(envelopeId);
    }

    const apiKeyId = await apiKeyIdOf(signet.config.databaseUrl as string, BENCH_KEY);
    for (let index = 0; index < THROUGHPUT_WEBHOOKS; index += 1) {
      await call('POST', '/api/v1/webhooks', { json: { url: `${receiver.url}/throughput-${index}`, subscriptions: 'recipient.email_sent' } });
    }
    const recipient = {
      id: randomUUID(), envelope_id: randomUUID(), custom_key: 'signer', order: 0, status: 'IN_PROGRESS', created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(), name: 'Bench Signer', name_label: null, email: 'bench@example.com', email_label: null
    };
    const before = arrivals;
    const expected = THROUGHPUT_EVENTS * THROUGHPUT_WEBHOOKS;
    const started = performance.now();
    for (let index = 0; index < THROUGHPUT_EVENTS; index += 1) {
      await publishEvent(signet.bus, specEvent('recipient.email_sent', {}, { ...recipient, envelope_id: randomUUID() }), { tenantId: 'bench', apiKeyId });
    }
    while (arrivals - before < expected) await new Promise((resolve) => setTimeout(resolve, 5));
    const seconds = (performance.now() - started) / 1000;

    return {
      event_to_receiver_ms: { runs: latencies.length, p50_ms: percentile(latencies, 50), p99_ms: percentile(latencies, 99), measured_from: 'POST send_invitation' },
      sustained_deliveries: { deliveries: expected, webhooks: THROUGHPUT_WEBHOOKS, seconds: Math.round(seconds * 100) / 100, per_second: Math.round((expected / seconds) * 10) / 10, concurrency: signet.config.jobs.concurrency }
    };
  } finally {
    receiver.close();
    await close();
  }
}
