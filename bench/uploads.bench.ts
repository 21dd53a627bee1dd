import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { writeLargePdf } from '../libs/testkit/src';
import { bareUploadServer } from './baselines';
import { median, round } from './measure';
import { BENCH_KEY, startBenchSignet } from './signet-for-bench';

const RUNS = 3;
const FILE_BYTES = 50 * 1024 * 1024;

interface Put {
  seconds: number;
  peakRssGrowth: number;
}

/** One streamed PUT; resolves with its time and how far the process's RSS rose above where it started. */
function put(url: string, file: string, size: number, headers: Record<string, string>): Promise<Put> {
  return new Promise((resolve, reject) => {
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const done = (error: Error | null) => {
      clearInterval(sampler);
      if (error) reject(error);
      else resolve({ seconds: (performance.now() - started) / 1000, peakRssGrowth: peak - rssBefore });
    };
    const request = http.request(url, { method: 'PUT', headers: { ...headers, 'content-type': 'application/pdf', 'content-length': String(size) } }, (response) => {
      response.resume();
      response.on('end', () => done(response.statusCode === 200 ? null : new Error(`PUT answered ${response.statusCode}`)));
    });
    request.on('error', done);
    createReadStream(file, { highWaterMark: 256 * 1024 }).pipe(request);
  });
}

interface Target {
  putUrl: string;
  /** GET of the upload, to see it processed. */
  statusUrl: string;
}

async function uploadTarget(url: string): Promise<Target> {
  const form = new FormData();
  form.append('recipients[0][email]', 'bench@example.com');
  form.append('recipients[0][name]', 'Bench');
  const envelope = (await (await fetch(`${url}/api/v1/envelopes`, { method: 'POST', headers: { authorization: BENCH_KEY }, body: form })).json()) as { envelope: { id: string } };
  const created = await fetch(`${url}/api/v1/envelopes/${envelope.envelope.id}/uploads`, {
    method: 'POST', headers: { authorization: BENCH_KEY, 'content-type': 'application/json' }, body: JSON.stringify({ file_name: 'fifty.pdf', order: 0 })
  });
  const upload = ((await created.json()) as { upload: { id: string; upload_url: string } }).upload;
  return { putUrl: upload.upload_url, statusUrl: `${url}/api/v1/envelopes/${envelope.envelope.id}/uploads/${upload.id}` };
}

/**
 * Waits until the upload is processed (its PDF parsed in a worker), so that work is not counted in the
 * next upload's memory; a processing that never ends is an error.
 */
async function processed(target: Target): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const upload = ((await (await fetch(target.statusUrl, { headers: { authorization: BENCH_KEY } })).json()) as { upload: { status: string } }).upload;
    if (upload.status === 'COMPLETED') return;
    if (upload.status === 'FAILED') throw new Error('the upload FAILED');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the upload was not processed in 120 s');
}

/** One upload through Signet: the measured PUT, then its processing (not measured) before anything else runs. */
async function putThrough(url: string, file: string, size: number): Promise<Put> {
  const target = await uploadTarget(url);
  const measured = await put(target.putUrl, file, size, { authorization: BENCH_KEY });
  await processed(target);
  return measured;
}

const mbPerSecond = (seconds: number) => round(FILE_BYTES / 1024 / 1024 / seconds, 1);

/**
 * A 50 MB PDF PUT through the gateway to the upload service (streamed into the blob store with its
 * SHA-256), taken in turn with a raw PUT that a bare node server writes to disk. Each Signet upload is
 * processed before the next PUT, so the figure is the upload's own memory.
 */
export async function benchUploads() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'signet-bench-upload-'));
  const file = path.join(folder, 'fifty.pdf');
  const size = await writeLargePdf(file, FILE_BYTES);
  const { url, close } = await startBenchSignet();
  const bare = await bareUploadServer();
  try {
    const through: Put[] = [];
    const raw: Put[] = [];
    let errors = 0;
    // A first upload grows each side's memory pools once (RSS grew 65 MB on it, 11 MB on the next): not measured.
    await putThrough(url, file, size).catch(() => undefined);
    await put(`${bare.url}/`, file, size, {}).catch(() => undefined);
    for (let run = 0; run < RUNS; run += 1) {
      try {
        through.push(await putThrough(url, file, size));
      } catch {
        errors += 1;
      }
      try {
        raw.push(await put(`${bare.url}/`, file, size, {}));
      } catch {
        errors += 1;
      }
    }
    return {
      file_mb: 50,
      runs: RUNS,
      errors,
      through_gateway_mb_per_s: through.length ? mbPerSecond(median(through.map((item) => item.seconds))) : null,
      bare_put_to_disk_mb_per_s: raw.length ? mbPerSecond(median(raw.map((item) => item.seconds))) : null,
      rss_growth_mb_during_upload: through.length ? round(Math.max(...through.map((item) => item.peakRssGrowth)) / 1024 / 1024, 1) : null,
      bare_rss_growth_mb_during_upload: raw.length ? round(Math.max(...raw.map((item) => item.peakRssGrowth)) / 1024 / 1024, 1) : null
    };
  } finally {
    await bare.close();
    await close();
    rmSync(folder, { recursive: true, force: true });
  }
}
