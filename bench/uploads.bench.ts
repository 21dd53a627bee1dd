import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { writeLargePdf } from '../libs/testkit/src';
import { BENCH_KEY, startBenchSignet } from './signet-for-bench';

const RUNS = 3;
const FILE_BYTES = 50 * 1024 * 1024;

function put(url: string, file: string, size: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(url, { method: 'PUT', headers: { ...headers, 'content-type': 'application/pdf', 'content-length': String(size) } }, (response) => {
      response.resume();
      response.on('end', () => (response.statusCode === 200 ? resolve((performance.now() - started) / 1000) : reject(new Error(`PUT answered ${response.statusCode}`))));
    });
    request.on('error', reject);
    createReadStream(file, { highWaterMark: 256 * 1024 }).pipe(request);
  });
}

/** A bare node server that reads and discards the body: the floor for moving 50 MB over loopback. */
async function bareServer(): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('{}'));
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

const mbPerSecond = (seconds: number) => Math.round((FILE_BYTES / 1024 / 1024 / seconds) * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** Throughput of a 50 MB PDF PUT through the gateway to the upload service, beside a raw PUT to a bare server. */
export async function benchUploads() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'signet-bench-upload-'));
  const file = path.join(folder, 'fifty.pdf');
  const size = await writeLargePdf(file, FILE_BYTES);
  const { url, close } = await startBenchSignet();
  const bare = await bareServer();
  try {
    const through: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const form = new FormData();
      form.append('recipients[0][email]', 'bench@example.com');
      form.append('recipients[0][name]', 'Bench');
      const envelope = (await (await fetch(`${url}/api/v1/envelopes`, { method: 'POST', headers: { authorization: BENCH_KEY }, body: form })).json()) as { envelope: { id: string } };
      const created = await fetch(`${url}/api/v1/envelopes/${envelope.envelope.id}/uploads`, {
        method: 'POST', headers: { authorization: BENCH_KEY, 'content-type': 'application/json' }, body: JSON.stringify({ file_name: 'fifty.pdf', order: 0 })
      });
      const upload = ((await created.json()) as { upload: { upload_url: string } }).upload;
      through.push(await put(upload.upload_url, file, size, { authorization: BENCH_KEY }));
    }
    const raw: number[] = [];
    for (let run = 0; run < RUNS; run += 1) raw.push(await put(bare.url, file, size, {}));
    return {
      file_mb: 50,
      runs: RUNS,
      through_gateway_mb_per_s: mbPerSecond(median(through)),
      raw_put_to_bare_node_mb_per_s: mbPerSecond(median(raw))
    };
  } finally {
    bare.close();
    await close();
    rmSync(folder, { recursive: true, force: true });
  }
}
