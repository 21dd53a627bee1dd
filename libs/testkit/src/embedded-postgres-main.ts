import { startEmbeddedPostgres } from '@signet/db/embedded';

/** Child process of the test global setup: runs an embedded PostgreSQL until stdin closes. */
async function main(): Promise<void> {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: embedded-postgres-main <data dir>');
  const handle = await startEmbeddedPostgres({ dataDir, port: 54330 });
  process.stdout.write(`${handle.url}\n`);
  process.stdin.resume();
  process.stdin.once('end', () => {
    void handle.stop().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
