import { bareServer } from './baselines';

/**
 * The bare server alone in a process of its own (see bareServerInOwnProcess): prints the URL it listens
 * on, and ends when its parent closes stdin.
 */
async function main(): Promise<void> {
  const [databaseUrl, tenantId] = process.argv.slice(2);
  if (!databaseUrl || !tenantId) throw new Error('usage: bare-server-process <database url> <tenant id>');
  const server = await bareServer(databaseUrl, tenantId);
  process.stdout.write(`listening ${server.url}\n`);
  process.stdin.resume();
  process.stdin.once('end', () => {
    server.close().finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
