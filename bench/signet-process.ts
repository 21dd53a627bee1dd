import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { createTestDatabase, freePort } from '../libs/testkit/src';
import { postgresForTests, TEST_POSTGRES_ENV } from '../libs/testkit/src/postgres-server';
import { BENCH_KEY, BENCH_TENANT } from './signet-for-bench';

export interface SignetProcess {
  url: string;
  /** The process `npm start` would be: every part in it (monolith mode). */
  pid: number;
  databaseUrl: string;
  close(): Promise<void>;
}

async function ready(url: string, exited: Promise<unknown>): Promise<void> {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (;;) {
    if (gone) throw new Error('Signet ended before it answered /readyz');
    const answered = await fetch(`${url}/readyz`).then((response) => response.ok, () => false);
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Signet in monolith mode in a process of its own, as `npm start` runs it, on a fresh database of the
 * benchmarks' PostgreSQL, with an unthrottled enterprise key: a process whose CPU can be read apart from
 * the client's.
 */
export async function startSignetProcess(): Promise<SignetProcess> {
  const server = await postgresForTests(process.env);
  process.env[TEST_POSTGRES_ENV] = server.url;
  const database = await createTestDatabase();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = `/tmp/signet-bench-process-${process.pid}`;
  const root = path.join(__dirname, '..');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/signet/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env, DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: url, LOG_LEVEL: 'silent', DATA_DIR: dataDir,
      SIGNET_BOOTSTRAP_API_KEYS: `${BENCH_KEY}:${BENCH_TENANT}:enterprise`, ENTERPRISE_ENVELOPES_PER_HOUR: '1000000', ENTERPRISE_ENVELOPES_PER_DAY: '1000000'
    }
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await ready(url, exited);
  return {
    url,
    pid: child.pid as number,
    databaseUrl: database.url,
    async close() {
      child.kill('SIGTERM');
      await exited;
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
}
