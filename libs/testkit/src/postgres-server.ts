import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from './free-port';

/** The variable global setup leaves for test files: a PostgreSQL server URL (database part ignored). */
export const TEST_POSTGRES_ENV = 'SIGNET_TEST_POSTGRES_URL';

export async function accepts(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * DATABASE_URL when set, else null: the tests then start their own embedded PostgreSQL rather than use
 * whatever answers on this machine (another project's server, with its own settings and data).
 */
export function configuredPostgresServer(env: Record<string, string | undefined>): string | null {
  return env.DATABASE_URL ?? null;
}

export interface TestPostgres {
  /** The server's admin URL (database `postgres`): test databases are made on it. */
  url: string;
  stop(): void;
}

/**
 * DATABASE_URL's server, or an embedded PostgreSQL of this run's own (a child process, on a free port, its
 * data in a temporary directory removed when it stops): what the tests, the fault suite and the benchmarks use.
 */
export function postgresForTests(env: Record<string, string | undefined>): Promise<TestPostgres> {
  const configured = configuredPostgresServer(env);
  if (configured) return Promise.resolve({ url: configured, stop: () => undefined });
  // One per process: benchmarks start several Signets, all on the same server.
  embedded ??= startEmbeddedForTests();
  return embedded;
}

let embedded: Promise<TestPostgres> | undefined;

async function startEmbeddedForTests(): Promise<TestPostgres> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signet-test-pg-'));
  // Run as root, PostgreSQL runs as the `postgres` user, which must reach its directory.
  chmodSync(dataDir, 0o755);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'embedded-postgres-main.ts'), dataDir, String(await freePort())], {
    stdio: ['pipe', 'pipe', 'inherit'],
    cwd: path.join(__dirname, '..', '..', '..')
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`embedded PostgreSQL for tests exited with ${code}`)));
  });
  const admin = new URL(url);
  admin.pathname = '/postgres';
  // The child stops PostgreSQL and removes its data when its stdin closes: at stop(), or when this process exits.
  child.unref();
  (child.stdout as unknown as { unref(): void }).unref();
  return { url: admin.toString(), stop: () => child.stdin.end() };
}
