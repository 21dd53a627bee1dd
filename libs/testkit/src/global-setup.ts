import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPostgresServer, TEST_POSTGRES_ENV } from './postgres-server';

/**
 * Finds a PostgreSQL for the integration tests (DATABASE_URL, or one on 127.0.0.1:5432), and on a
 * machine without one starts an embedded PostgreSQL in a child process for the duration of the run.
 */
export default async function globalSetup(): Promise<void> {
  process.env.LOG_LEVEL ??= 'silent';
  const found = await findPostgresServer(process.env);
  if (found) {
    process.env[TEST_POSTGRES_ENV] = found;
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signet-test-pg-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'embedded-postgres-main.ts'), dataDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
    cwd: path.join(__dirname, '..', '..', '..')
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`embedded PostgreSQL for tests exited with ${code}`)));
  });
  const admin = new URL(url);
  admin.pathname = '/postgres';
  process.env[TEST_POSTGRES_ENV] = admin.toString();
  // The child stops PostgreSQL when its stdin closes, which happens when this jest process exits.
  child.unref();
}
