import { rmSync } from 'node:fs';
import { startEmbeddedPostgres } from '@signet/db/embedded';

/**
 * A throwaway cluster for one test run: no flushes to disk (a crash loses nothing worth keeping), and room
 * for two Signets side by side (each part's pool, listeners and the tests' own connections).
 * `synchronous_commit` keeps its default: Signet sets it per pool, and tests check that it does.
 * `pg_stat_statements` is loaded so the CPU benchmark can say which statements a request's PostgreSQL time goes to.
 */
const TEST_SERVER_SETTINGS = {
  max_connections: '300',
  fsync: 'off',
  full_page_writes: 'off',
  shared_buffers: '128MB',
  shared_preload_libraries: 'pg_stat_statements'
};

/** Child process of the test global setup and the fault runner: runs an embedded PostgreSQL until stdin closes. */
async function main(): Promise<void> {
  const [dataDir, port] = process.argv.slice(2);
  if (!dataDir || !port) throw new Error('usage: embedded-postgres-main <data dir> <port>');
  const handle = await startEmbeddedPostgres({
    dataDir,
    port: Number(port),
    // Trust on loopback (after the package's own --auth, so it wins), as the machines' shared server has:
    // every pool, the job system's included, connects whether or not its URL carries the password.
    initdbFlags: ['--no-sync', '--auth=trust'],
    postgresFlags: Object.entries(TEST_SERVER_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])
  });
  process.stdout.write(`${handle.url}\n`);
  process.stdin.resume();
  process.stdin.once('end', () => {
    void handle.stop().then(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
