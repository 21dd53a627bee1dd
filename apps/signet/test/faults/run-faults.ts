import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import knex from 'knex';
import { samplePdf } from '@signet/testkit';
import { findPostgresServer, TEST_POSTGRES_ENV } from '@signet/testkit/src/postgres-server';
import { KEYS, startTestSignet, TestSignet } from '../harness';

/**
 * `npm run test:faults`: runs envelope creates under a fault and prints, per fault, how many were sent,
 * acknowledged (200), told to retry (503 with Retry-After), lost (no answer, or a 500) and wrongly
 * judged (a valid PDF refused with 422). Exits non-zero on any loss or wrong verdict. Loopback only,
 * bounded load (a few dozen creates per fault).
 */
interface Row {
  fault: string;
  sent: number;
  acknowledged: number;
  retryLater: number;
  lost: number;
  wrongVerdicts: number;
}

type Outcome = 'acknowledged' | 'retryLater' | 'lost' | 'wrongVerdict';

async function createOnce(api: TestSignet, pdf: Buffer): Promise<Outcome> {
  try {
    const response = await api.call('POST', '/api/v1/envelopes', {
      key: KEYS.globex,
      form: { 'documents[contract][base64]': pdf.toString('base64'), 'recipients[ana][email]': 'ana@example.com', 'recipients[ana][name]': 'Ana Lima' }
    });
    if (response.status === 200) return 'acknowledged';
    if (response.status === 503 && Number(response.headers.get('retry-after')) > 0) return 'retryLater';
    if (response.status === 422) return 'wrongVerdict';
    return 'lost';
  } catch {
    return 'lost';
  }
}

function tally(fault: string, outcomes: Outcome[]): Row {
  const count = (outcome: Outcome) => outcomes.filter((each) => each === outcome).length;
  return { fault, sent: outcomes.length, acknowledged: count('acknowledged'), retryLater: count('retryLater'), lost: count('lost'), wrongVerdicts: count('wrongVerdict') };
}

/** Busy loops on every core for the duration: the host a platform team saw at load average 20-35. */
function starveCpu(): ChildProcess[] {
  return Array.from({ length: availableParallelism() * 4 }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

async function cpuStarvedCreates(pdf: Buffer): Promise<Row> {
  const api = await startTestSignet();
  const hogs = starveCpu();
  try {
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => createOnce(api, pdf)));
    return tally('CPU-starved host, 8 concurrent creates of a valid 1-page PDF', outcomes);
  } finally {
    for (const hog of hogs) hog.kill('SIGKILL');
    await api.close();
  }
}

async function backendsTerminated(pdf: Buffer): Promise<Row> {
  const api = await startTestSignet();
  const admin = knex({ client: 'pg', connection: api.signet.config.databaseUrl as string, pool: { min: 1, max: 1 } });
  try {
    const outcomes: Outcome[] = [];
    for (let wave = 0; wave < 5; wave++) {
      const creates = Array.from({ length: 8 }, () => createOnce(api, pdf));
      await admin.raw('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      outcomes.push(...(await Promise.all(creates)));
    }
    return tally('PostgreSQL backends terminated during 40 creates', outcomes);
  } finally {
    await admin.destroy();
    await api.close();
  }
}

async function main(): Promise<void> {
  const postgres = await findPostgresServer(process.env);
  if (!postgres) throw new Error('The fault suite needs PostgreSQL on 127.0.0.1:5432 or DATABASE_URL');
  process.env[TEST_POSTGRES_ENV] = postgres;
  const pdf = await samplePdf();
  const rows = [await cpuStarvedCreates(pdf), await backendsTerminated(pdf)];
  console.table(rows);
  const failed = rows.filter((row) => row.lost > 0 || row.wrongVerdicts > 0);
  if (failed.length > 0) {
    console.error(`Lost requests or wrong verdicts under: ${failed.map((row) => row.fault).join('; ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
