import { setFlagsFromString } from 'node:v8';
import pg from 'pg';
import { runInNewContext } from 'node:vm';
import { PDF_WORKER_IDLE_MS } from '../libs/pdf/src';
import { samplePdf } from '../libs/testkit/src';
import { createForm } from './envelope-form';
import { bareCreateServer, bareGetServer, bareServerInOwnProcess } from './baselines';
import { interleaved, measure, measureFor, medianOfRounds, round } from './measure';
import { BENCH_KEY as KEY, BENCH_TENANT, startBenchSignet } from './signet-for-bench';

const ROUNDS = 5;
/** Each measured round lasts this long on both sides (measureFor), however many requests that is. */
const ROUND_MS = 3_000;
/**
 * Requests each side serves before anything is measured. Signet runs far more JavaScript per request
 * than a baseline, and V8 keeps optimizing it for thousands of requests: with 40 warm-up creates,
 * TurboFan still spent about 2 ms of CPU per create compiling in creates 700 to 1,200, and 0.45 ms
 * after 2,500 (node --trace-opt); throughput settled after about 2,500 creates. A server pays that once.
 */
const WARMUP_CREATES = 2_500;
const WARMUP_READS = 5_000;
const CONCURRENCY = 8;
const MEMORY_READS = 10_000;

async function ok(response: Response, what: string): Promise<unknown> {
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${what} answered ${response.status}`);
  return body;
}

const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);

/**
 * Memory once garbage is collected and handed back: a reading taken between collections says when the
 * collector last ran, not what is kept (RSS after the first 1,000 GETs ranged from 634 to 705 MB between
 * runs), and V8 returns the pages a collection freed to the system only seconds later (RSS read at once
 * after a collection was 520 MB, 393 MB once it stopped falling). A leak is what survives both.
 */
async function settledMemory(): Promise<NodeJS.MemoryUsage> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  const readings = [process.memoryUsage().rss];
  const steady = () => readings.length > 4 && Math.max(...readings.slice(-4)) - Math.min(...readings.slice(-4)) < 1024 * 1024;
  while (!steady() && readings.length < 30) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    readings.push(process.memoryUsage().rss);
  }
  gc();
  return process.memoryUsage();
}

/**
 * Waits until every envelope event has been published and recorded in the evidence timeline, so the
 * reads are measured on a settled system, not beside the creates' background work.
 */
async function eventsHandled(databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const deadline = Date.now() + 120_000;
  try {
    while (Date.now() < deadline) {
      const { rows } = await pool.query(`SELECT
        (SELECT count(*) FROM envelope.outbox WHERE published_at IS NULL) AS unpublished,
        (SELECT count(*) FROM envelope.outbox) AS written,
        (SELECT count(*) FROM evidence.timeline_events) AS recorded`);
      const { unpublished, written, recorded } = rows[0] as Record<string, string>;
      if (Number(unpublished) === 0 && Number(recorded) >= Number(written)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await pool.end();
  }
}

/** The bare GET server in its own process, warmed up like the others, then its median round. */
async function bareGetAlone(databaseUrl: string, ids: string[]) {
  const alone = await bareServerInOwnProcess(databaseUrl, BENCH_TENANT);
  try {
    const get = async (index: number) => {
      await ok(await fetch(`${alone.url}/envelopes/${ids[index % ids.length]}`), 'bare get in its own process');
    };
    await measure(WARMUP_READS, CONCURRENCY, get);
    return await medianOfRounds(ROUNDS, () => measureFor(ROUND_MS, CONCURRENCY, get));
  } finally {
    await alone.close();
  }
}

/**
 * Envelope creation (1 recipient, 1-page PDF) and GET envelope through the gateway in monolith mode,
 * each in rounds taken in turn with a baseline doing the same work (multer + one INSERT; express + pg
 * reading the same rows), and the process's RSS over 10,000 GETs.
 */
export async function benchEnvelopes() {
  const { signet, close } = await startBenchSignet();
  const databaseUrl = signet.config.databaseUrl as string;
  const bareGet = await bareGetServer(databaseUrl, BENCH_TENANT);
  const bareCreate = await bareCreateServer(databaseUrl);
  try {
    const pdf = (await samplePdf()).toString('base64');
    const ids: string[] = [];
    const create = async () => {
      const response = await fetch(`${signet.gatewayUrl}/api/v1/envelopes`, { method: 'POST', headers: { authorization: KEY }, body: createForm(pdf) });
      ids.push(((await ok(response, 'create')) as { envelope: { id: string } }).envelope.id);
    };
    const createBare = async () => {
      await ok(await fetch(`${bareCreate.url}/envelopes`, { method: 'POST', body: createForm(pdf) }), 'bare create');
    };
    const get = async (index: number) => {
      await ok(await fetch(`${signet.gatewayUrl}/api/v1/envelopes/${ids[index % ids.length]}`, { headers: { authorization: KEY } }), 'get');
    };
    const getBare = async (index: number) => {
      await ok(await fetch(`${bareGet.url}/envelopes/${ids[index % ids.length]}`), 'bare get');
    };
    // The first requests start PDF workers and connections and let the JIT settle, on both sides: not measured.
    await measure(WARMUP_CREATES, CONCURRENCY, create);
    await measure(WARMUP_CREATES, CONCURRENCY, createBare);

    const [creation, bareCreation] = await interleaved(ROUNDS, () => measureFor(ROUND_MS, CONCURRENCY, create), () => measureFor(ROUND_MS, CONCURRENCY, createBare));
    await eventsHandled(databaseUrl);
    // What the creates leave behind is let go before the reads: PDF workers beyond the warm ones end once
    // idle, and V8 shrinks a heap sized for the creates. Otherwise that lands in the reads' latencies and
    // memory readings. The reads then warm up, so the memory readings start from their steady state.
    await new Promise((resolve) => setTimeout(resolve, PDF_WORKER_IDLE_MS + 1_000));
    await measure(WARMUP_READS, CONCURRENCY, get);
    await measure(WARMUP_READS, CONCURRENCY, getBare);
    const [reads, bareReads] = await interleaved(ROUNDS, () => measureFor(ROUND_MS, CONCURRENCY, get), () => measureFor(ROUND_MS, CONCURRENCY, getBare));
    const hostCheck = await bareGetAlone(databaseUrl, ids);

    const firstThousand = await measure(1000, CONCURRENCY, get);
    const afterFirst = await settledMemory();
    const rest = await measure(MEMORY_READS - 1000, CONCURRENCY, get);
    const afterAll = await settledMemory();

    return {
      concurrency: CONCURRENCY,
      rounds: ROUNDS,
      round_seconds: ROUND_MS / 1000,
      warmup_requests: { creates: WARMUP_CREATES, reads: WARMUP_READS },
      envelope_create: creation,
      bare_multer_insert_create: bareCreation,
      envelope_get: reads,
      bare_express_pg_get: bareReads,
      host_check: {
        bare_express_pg_get_own_process: hostCheck,
        note: 'the bare GET server alone in a process of its own, after the rounds above: what this host allows a minimal server: a p99 above 20 ms here means this host gives no server doing this read a p99 under 20 ms'
      },
      memory: {
        rss_mb_after_first_1000_gets: mb(afterFirst.rss),
        rss_mb_after_10000_gets: mb(afterAll.rss),
        growth_ratio: round(afterAll.rss / afterFirst.rss, 3),
        heap_used_mb_after_first_1000_gets: mb(afterFirst.heapUsed),
        heap_used_mb_after_10000_gets: mb(afterAll.heapUsed),
        errors: firstThousand.errors + rest.errors,
        note: 'the benchmark client runs in the same process, so its memory is counted too'
      }
    };
  } finally {
    await bareGet.close();
    await bareCreate.close();
    await close();
  }
}
