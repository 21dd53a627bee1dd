import { rmSync } from 'node:fs';
import { startSignet, RunningSignet } from '../apps/signet/src';
import { AVAILABLE_PARTS } from '../apps/signet/src/registry';
import type { PartName } from '../libs/config/src';
import { createTestDatabase, freePort, samplePdf, startMockBroker } from '../libs/testkit/src';
import { postgresForTests, TEST_POSTGRES_ENV } from '../libs/testkit/src/postgres-server';
import { percentile } from './measure';
import { startReceiver } from './receiver';
import { BENCH_KEY, BENCH_TENANT } from './signet-for-bench';

const RUNS = 100;
/** An event not at the receiver by then counts as an error, and the run goes on. */
const ARRIVAL_TIMEOUT_MS = 30_000;
const urlVariable = (part: PartName) => `${part.toUpperCase().replace(/-/g, '_')}_URL`;


/** Every part its own runtime (its own bus client, pools and port) on librdkafka's mock cluster, as in a deployment. */
async function startParts(brokers: string, databaseUrl: string): Promise<{ gatewayUrl: string; stop(): Promise<void> }> {
  const ports = new Map<PartName, number>();
  for (const part of AVAILABLE_PARTS) ports.set(part, await freePort());
  const urls = Object.fromEntries(AVAILABLE_PARTS.filter((part) => part !== 'gateway').map((part) => [urlVariable(part), `http://127.0.0.1:${ports.get(part)}`]));
  const dataDir = `/tmp/signet-bench-ms-${process.pid}`;
  const runtimes: RunningSignet[] = [];
  const order = [...AVAILABLE_PARTS.filter((part) => part !== 'gateway'), 'gateway' as PartName];
  for (const part of order) {
    runtimes.push(await startSignet({
      parts: [part],
      env: {
        ...urls, DATABASE_URL: databaseUrl, PORT: String(ports.get(part)), HOST: '127.0.0.1', PUBLIC_BASE_URL: `http://127.0.0.1:${ports.get('gateway')}`,
        LOG_LEVEL: 'silent', DATA_DIR: dataDir, KAFKA_BROKERS: brokers, SIGNET_INTERNAL_SECRET: 'bench-internal-secret', WEBHOOK_ALLOW_LOOPBACK: 'true',
        SIGNET_BOOTSTRAP_API_KEYS: `${BENCH_KEY}:${BENCH_TENANT}:enterprise`, ENTERPRISE_ENVELOPES_PER_HOUR: '1000000', ENTERPRISE_ENVELOPES_PER_DAY: '1000000'
      }
    }));
  }
  return {
    gatewayUrl: `http://127.0.0.1:${ports.get('gateway')}`,
    async stop() {
      for (const runtime of runtimes.reverse()) await runtime.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
}

/**
 * Microservices mode on librdkafka's mock cluster with the default fetch wait: the time from
 * send_invitation to a webhook receiver having envelope.in_progress (envelope's outbox, Kafka, the
 * webhook-delivery part's consumer and worker).
 */
export async function benchMicroservices() {
  const server = await postgresForTests(process.env);
  process.env[TEST_POSTGRES_ENV] = server.url;
  const database = await createTestDatabase();
  const broker = await startMockBroker();
  const waiting = new Map<string, () => void>();
  const receiver = await startReceiver((arrival) => {
    if (arrival.eventType === 'envelope.in_progress') waiting.get(arrival.subjectId)?.();
  });
  const parts = await startParts(broker.brokers.join(','), database.url);
  const call = async (method: string, route: string, body?: FormData | string) => {
    const headers: Record<string, string> = { authorization: BENCH_KEY, ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}) };
    const response = await fetch(`${parts.gatewayUrl}${route}`, { method, headers, body });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  try {
    const hook = await call('POST', '/api/v1/webhooks', JSON.stringify({ url: `${receiver.url}/latency`, subscriptions: 'envelope.in_progress' }));
    if (hook.status !== 200 && hook.status !== 201) throw new Error(`POST /webhooks answered ${hook.status}`);
    const pdf = (await samplePdf()).toString('base64');
    const latencies: number[] = [];
    let errors = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const form = new FormData();
      form.append('documents[0][base64]', pdf);
      form.append('recipients[0][email]', 'bench@example.com');
      form.append('recipients[0][name]', 'Bench Signer');
      const created = await call('POST', '/api/v1/envelopes', form);
      const envelopeId = (created.body.envelope as { id: string } | undefined)?.id;
      if (!envelopeId) {
        errors += 1;
        continue;
      }
      const arrived = new Promise<void>((resolve) => waiting.set(envelopeId, resolve));
      const sentAt = performance.now();
      const sent = await call('POST', `/api/v1/envelopes/${envelopeId}/send_invitation`);
      if (sent.status !== 200) {
        errors += 1;
        continue;
      }
      const came = await Promise.race([arrived.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ARRIVAL_TIMEOUT_MS))]);
      waiting.delete(envelopeId);
      if (came) latencies.push(performance.now() - sentAt);
      else errors += 1;
    }
    return {
      event_to_receiver_ms: { runs: latencies.length, errors, p50: percentile(latencies, 50), p99: percentile(latencies, 99), measured_from: 'POST send_invitation' }
    };
  } finally {
    await parts.stop();
    receiver.close();
    await broker.stop();
    await database.drop();
  }
}
