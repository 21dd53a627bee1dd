import type { AddressInfo } from 'node:net';
import express from 'express';
import { samplePdf } from '../libs/testkit/src';
import { measure, summary } from './measure';
import { BENCH_KEY as KEY, startBenchSignet } from './signet-for-bench';

const CREATIONS = 200;
const WARMUP = 40;
const READS = 1000;
const CONCURRENCY = 8;

/** A bare express endpoint measured the same way: the floor the gateway's numbers stand on. */
async function bareExpress(): Promise<{ url: string; close(): void }> {
  const app = express();
  app.get('/ping', (_req, res) => {
    res.json({ ok: true });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ping`, close: () => server.close() };
}

/** Envelope creation (1 recipient, 1 small PDF) per second and GET p50/p99 through the gateway (monolith mode). */
export async function benchEnvelopes() {
  const { signet, close } = await startBenchSignet();
  const bare = await bareExpress();
  try {
    const pdf = (await samplePdf()).toString('base64');
    const ids: string[] = [];
    const create = async () => {
      const form = new FormData();
      form.append('documents[0][base64]', pdf);
      form.append('recipients[0][email]', 'bench@example.com');
      form.append('recipients[0][name]', 'Bench Signer');
      const response = await fetch(`${signet.gatewayUrl}/api/v1/envelopes`, { method: 'POST', headers: { authorization: KEY }, body: form });
      const body = (await response.json()) as { envelope: { id: string } };
      if (response.status !== 200) throw new Error(`create answered ${response.status}`);
      ids.push(body.envelope.id);
    };
    // The first requests start PDF workers and database connections and warm the JIT: not what a running
    // service answers with, so they are not measured.
    await measure(WARMUP, CONCURRENCY, create);
    const creation = await measure(CREATIONS, CONCURRENCY, create);
    const reads = await measure(READS, CONCURRENCY, async (index) => {
      const response = await fetch(`${signet.gatewayUrl}/api/v1/envelopes/${ids[index % ids.length]}`, { headers: { authorization: KEY } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`get answered ${response.status}`);
    });
    const baseline = await measure(READS, CONCURRENCY, async () => {
      await (await fetch(bare.url)).arrayBuffer();
    });
    return {
      envelope_create: summary(creation),
      envelope_get: summary(reads),
      bare_express_get: summary(baseline),
      concurrency: CONCURRENCY,
      warmup_creations: WARMUP
    };
  } finally {
    bare.close();
    await close();
  }
}
