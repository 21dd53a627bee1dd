import pg from 'pg';
import { PDF_WORKER_IDLE_MS } from '../libs/pdf/src';
import { samplePdf } from '../libs/testkit/src';
import { bareServerInOwnProcess, type Baseline } from './baselines';
import { createForm } from './envelope-form';
import { measure, median, round } from './measure';
import { resetStatements, statementsTracked, statementTally, type StatementTally } from './postgres-statements';
import { parentOf, treeCpuMs } from './process-cpu';
import { BENCH_KEY, BENCH_TENANT } from './signet-for-bench';
import { startSignetProcess } from './signet-process';

const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 5);
const CONCURRENCY = 8;
const GETS_PER_BLOCK = 1_000;
const CREATES_PER_BLOCK = 150;
/**
 * The bare server's blocks are this many times longer: its requests cost a fraction of Signet's, and a
 * block's idle share (the quiet wait at its end, read at the idle rate) must be spread over enough of
 * them to stay small beside what they cost.
 */
const BARE_BLOCK_FACTOR = 4;
/** Enough for V8 to have optimized both servers' code paths before anything is measured. */
const WARMUP_CREATES = 1_500;
const WARMUP_GETS = 4_000;
/** Long enough for /proc's 10 ms ticks to read an idle rate to about 0.3 ms/s, and to take in a 30 s safety-net look. */
const IDLE_MS = 30_000;
const QUIET_WINDOW_MS = 500;
/**
 * Idle is read once what the warm-up left behind has ended: PDF workers beyond the warm ones end after
 * PDF_WORKER_IDLE_MS, and V8 shrinks a heap grown under load with a full collection once the process has
 * been quiet for some seconds. Then both must stay below the limit this long, at most SETTLE_LIMIT_MS.
 */
const AFTER_LOAD_MS = PDF_WORKER_IDLE_MS + 10_000;
const SETTLED_FOR_MS = 3_000;
const SETTLE_LIMIT_MS = 60_000;
const IDLE_LIMIT_MS_PER_S = 5;
const QUIET_LIMIT_MS = 30_000;

/** Where the CPU of one side is read: its server process tree, and the whole PostgreSQL server. */
interface Side {
  name: 'signet' | 'bare';
  pid: number;
  url: string;
  /** Its node CPU while nothing is asked of it, ms per s. */
  idleMsPerS: number;
}

interface Reading {
  at: number;
  nodeMs: number;
  postgresMs: number;
}

interface Block {
  node_us: number;
  postgres_us: number;
  total_us: number;
  errors: number;
}

function read(pid: number, postmaster: number): Reading {
  return { at: performance.now(), nodeMs: treeCpuMs(pid), postgresMs: treeCpuMs(postmaster) };
}

/** CPU rates between two readings, in ms/s. */
function ratesBetween(from: Reading, to: Reading): { node: number; postgres: number } {
  const seconds = (to.at - from.at) / 1000;
  return { node: (to.nodeMs - from.nodeMs) / seconds, postgres: (to.postgresMs - from.postgresMs) / seconds };
}

async function idleRates(pid: number, postmaster: number): Promise<{ node: number; postgres: number }> {
  const before = read(pid, postmaster);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  return ratesBetween(before, read(pid, postmaster));
}

/**
 * Waits AFTER_LOAD_MS, then until Signet and PostgreSQL have both stayed under the idle limit for
 * SETTLED_FOR_MS (at most SETTLE_LIMIT_MS more): the events, timeline records and jobs the warm-up set
 * going, and the cleanup after it, are work, not idling.
 * Returns the seconds it waited; the idle rate is then read over a window of its own.
 */
async function settled(pid: number, postmaster: number): Promise<number> {
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, AFTER_LOAD_MS));
  let last = read(pid, postmaster);
  let calmSince = last.at;
  while (performance.now() - calmSince < SETTLED_FOR_MS && performance.now() - started < AFTER_LOAD_MS + SETTLE_LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = read(pid, postmaster);
    const rates = ratesBetween(last, now);
    const calm = rates.node <= IDLE_LIMIT_MS_PER_S && rates.postgres <= IDLE_LIMIT_MS_PER_S;
    if (!calm) calmSince = now.at;
    last = now;
  }
  return round((performance.now() - started) / 1000, 1);
}

/**
 * Waits until what a block set going has finished (Signet's events published and consumed, its jobs
 * run): the CPU of a request is all the work it causes, wherever it runs, so that a create's background
 * work is neither left out nor counted against the next block.
 */
async function quiet(side: Side, postmaster: number, idlePostgres: number): Promise<void> {
  const deadline = performance.now() + QUIET_LIMIT_MS;
  let calmWindows = 0;
  let last = read(side.pid, postmaster);
  while (calmWindows < 2 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_WINDOW_MS));
    const now = read(side.pid, postmaster);
    const rates = ratesBetween(last, now);
    const calm = rates.node <= side.idleMsPerS + 20 && rates.postgres <= idlePostgres + 20;
    calmWindows = calm ? calmWindows + 1 : 0;
    last = now;
  }
}

/** Where PostgreSQL's statistics are read, and the tally a block's statements are added to (none where the server does not track them). */
interface Statements {
  monitor: pg.Client;
  tally: StatementTally | null;
}

/**
 * One block: `count` requests at concurrency 8, then quiet; CPU per request in µs, idle CPU taken off. The
 * statements the block ran are added to the tally: only the block's side was asked anything meanwhile.
 */
async function block(side: Side, postmaster: number, idlePostgres: number, count: number, request: (index: number) => Promise<void>, statements: Statements): Promise<Block> {
  await quiet(side, postmaster, idlePostgres);
  if (statements.tally) await resetStatements(statements.monitor);
  const before = read(side.pid, postmaster);
  const { errors, latencies } = await measure(count, CONCURRENCY, request);
  await quiet(side, postmaster, idlePostgres);
  const after = read(side.pid, postmaster);
  const seconds = (after.at - before.at) / 1000;
  const served = Math.max(1, latencies.length);
  await statements.tally?.add(statements.monitor, served);
  const node = ((after.nodeMs - before.nodeMs - side.idleMsPerS * seconds) * 1000) / served;
  const postgres = ((after.postgresMs - before.postgresMs - idlePostgres * seconds) * 1000) / served;
  return { node_us: Math.round(node), postgres_us: Math.round(postgres), total_us: Math.round(node + postgres), errors };
}

async function ok(response: Response, what: string): Promise<unknown> {
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${what} answered ${response.status}`);
  return body;
}

/** Sessions ever opened to the database, and those open now (the monitor's own left out). */
async function connectionsOf(monitor: pg.Client): Promise<{ opened: number; open: number }> {
  const { rows } = await monitor.query(`SELECT (SELECT sessions FROM pg_stat_database WHERE datname = current_database()) AS opened,
    (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()) AS open`);
  return { opened: Number(rows[0].opened), open: Number(rows[0].open) };
}

function summarize(blocks: Block[]) {
  const totals = blocks.map((item) => item.total_us);
  return {
    node_us: median(blocks.map((item) => item.node_us)),
    postgres_us: median(blocks.map((item) => item.postgres_us)),
    total_us: median(totals),
    spread_total_us: [Math.min(...totals), Math.max(...totals)],
    errors: blocks.reduce((sum, item) => sum + item.errors, 0)
  };
}

function ratioOf(signet: Block[], bare: Block[], limit: number) {
  const ratios = signet.map((item, index) => round(item.total_us / (bare[index] as Block).total_us, 2));
  const value = median(ratios);
  return { median: value, spread: [Math.min(...ratios), Math.max(...ratios)], rounds: ratios, limit, requirement: value <= limit ? 'PASS' : 'FAIL' };
}

/**
 * Where PostgreSQL's time per request goes, by statement, on each side; and what the execution of
 * Signet's create statements alone costs against the bare server's whole create (node and PostgreSQL):
 * a create can cost no less than its statements, whatever the node side does.
 */
function statementsSummary(statements: Record<'signetGet' | 'bareGet' | 'signetCreate' | 'bareCreate', Statements>, bareCreate: Block[]) {
  const of = (side: Statements) => (side.tally as StatementTally).summary();
  const signetCreate = of(statements.signetCreate);
  return {
    get: { signet: of(statements.signetGet), bare: of(statements.bareGet) },
    create: { signet: signetCreate, bare: of(statements.bareCreate) },
    signet_create_exec_vs_bare_create_total: round(signetCreate.exec_us_per_request / median(bareCreate.map((item) => item.total_us)), 2)
  };
}

/**
 * CPU per request, node and PostgreSQL, of Signet in monolith mode (its own process, as `npm start`
 * runs it) against a bare express + pg + multer server doing the same read and create (its own process,
 * the same PostgreSQL and rows), in blocks taken in turn; plus Signet's idle CPU and the connections its
 * pools open under steady load.
 */
export async function benchCpuPerRequest() {
  const signetProcess = await startSignetProcess();
  const monitor = new pg.Client({ connectionString: signetProcess.databaseUrl });
  let bareServer: Baseline & { pid: number } | null = null;
  try {
    await monitor.connect();
    const postmaster = parentOf(Number((await monitor.query('SELECT pg_backend_pid() AS pid')).rows[0].pid));
    bareServer = await bareServerInOwnProcess(signetProcess.databaseUrl, BENCH_TENANT);
    const bareUrl = bareServer.url;
    const pdf = (await samplePdf()).toString('base64');
    const ids: string[] = [];
    const createSignet = async () => {
      const response = await fetch(`${signetProcess.url}/api/v1/envelopes`, { method: 'POST', headers: { authorization: BENCH_KEY }, body: createForm(pdf) });
      ids.push(((await ok(response, 'create')) as { envelope: { id: string } }).envelope.id);
    };
    const createBare = async () => {
      await ok(await fetch(`${bareUrl}/envelopes`, { method: 'POST', body: createForm(pdf) }), 'bare create');
    };
    const getSignet = async (index: number) => {
      await ok(await fetch(`${signetProcess.url}/api/v1/envelopes/${ids[index % ids.length]}`, { headers: { authorization: BENCH_KEY } }), 'get');
    };
    const getBare = async (index: number) => {
      await ok(await fetch(`${bareUrl}/envelopes/${ids[index % ids.length]}`), 'bare get');
    };

    await measure(WARMUP_CREATES, CONCURRENCY, createSignet);
    await measure(WARMUP_CREATES, CONCURRENCY, createBare);
    await measure(WARMUP_GETS, CONCURRENCY, getSignet);
    await measure(WARMUP_GETS, CONCURRENCY, getBare);

    // The warm-up's rows leave autovacuum work that would otherwise land in whichever idle window its next
    // look falls in (8-10 ms/s of PostgreSQL for a while): it is the cleanup after load, done here up front.
    await monitor.query('VACUUM (ANALYZE)');
    const settledAfterSeconds = await settled(signetProcess.pid, postmaster);
    const signetIdle = await idleRates(signetProcess.pid, postmaster);
    const bareIdle = await idleRates(bareServer.pid, postmaster);
    // Both readings are of the same idle system (both servers up, nothing asked), read over two windows.
    const idlePostgres = (signetIdle.postgres + bareIdle.postgres) / 2;
    const signet: Side = { name: 'signet', pid: signetProcess.pid, url: signetProcess.url, idleMsPerS: signetIdle.node };
    const bare: Side = { name: 'bare', pid: bareServer.pid, url: bareUrl, idleMsPerS: bareIdle.node };

    const tracked = await statementsTracked(monitor);
    const statementsOf = (): Statements => ({ monitor, tally: tracked ? statementTally() : null });
    const statements = { signetGet: statementsOf(), bareGet: statementsOf(), signetCreate: statementsOf(), bareCreate: statementsOf() };
    const before = await connectionsOf(monitor);
    const blocks = { signetGet: [] as Block[], bareGet: [] as Block[], signetCreate: [] as Block[], bareCreate: [] as Block[] };
    for (let taken = 0; taken < ROUNDS; taken += 1) {
      blocks.signetGet.push(await block(signet, postmaster, idlePostgres, GETS_PER_BLOCK, getSignet, statements.signetGet));
      blocks.bareGet.push(await block(bare, postmaster, idlePostgres, GETS_PER_BLOCK * BARE_BLOCK_FACTOR, getBare, statements.bareGet));
      blocks.signetCreate.push(await block(signet, postmaster, idlePostgres, CREATES_PER_BLOCK, createSignet, statements.signetCreate));
      blocks.bareCreate.push(await block(bare, postmaster, idlePostgres, CREATES_PER_BLOCK * BARE_BLOCK_FACTOR, createBare, statements.bareCreate));
    }
    const after = await connectionsOf(monitor);
    // Churn is a connection closed while the load went on (and opened again): a pool that grows to meet the
    // rounds' mix of reads and creates opens connections it then keeps, which is not churn.
    const opened = after.opened - before.opened;
    const closed = before.open + opened - after.open;
    return {
      rounds: ROUNDS,
      concurrency: CONCURRENCY,
      requests_per_block: { get: GETS_PER_BLOCK, create: CREATES_PER_BLOCK, bare_factor: BARE_BLOCK_FACTOR },
      get: { signet: summarize(blocks.signetGet), bare: summarize(blocks.bareGet) },
      create: { signet: summarize(blocks.signetCreate), bare: summarize(blocks.bareCreate) },
      postgres_statements: tracked ? statementsSummary(statements, blocks.bareCreate) : null,
      ratios: { get: ratioOf(blocks.signetGet, blocks.bareGet, 1.5), create: ratioOf(blocks.signetCreate, blocks.bareCreate, 2.5) },
      idle_ms_per_s: {
        signet_node: round(signetIdle.node, 2), postgres_beside_signet: round(signetIdle.postgres, 2), bare_node: round(bareIdle.node, 2), postgres_beside_bare: round(bareIdle.postgres, 2),
        settled_after_seconds: settledAfterSeconds,
        limit: IDLE_LIMIT_MS_PER_S, requirement: signetIdle.node <= IDLE_LIMIT_MS_PER_S && signetIdle.postgres <= IDLE_LIMIT_MS_PER_S ? 'PASS' : 'FAIL'
      },
      connections: { open_before_rounds: before.open, opened_during_rounds: opened, closed_during_rounds: closed, open_after_rounds: after.open, requirement: closed === 0 ? 'PASS' : 'FAIL' },
      note: 'CPU from /proc: Signet\'s process tree (as npm start runs it), the bare server\'s, and the whole PostgreSQL server (postmaster and every backend), minus each one\'s idle rate over the block; a block ends once the CPU is back to idle, so a create\'s background work (events, consumers, jobs) is counted with it'
    };
  } finally {
    await bareServer?.close();
    await monitor.end().catch(() => undefined);
    await signetProcess.close();
  }
}
