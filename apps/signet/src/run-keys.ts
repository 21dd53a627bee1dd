import { loadConfig } from '@signet/config';
import { openDatabase, schemaNameFor } from '@signet/db';
import { startEmbeddedPostgres } from '@signet/db/embedded';
import { apiKeyRepositoryFor, gatewayMigrations, runKeysCli } from '@signet/gateway';

/** `signet keys ...` against the gateway's database (DATABASE_URL, or the embedded one under DATA_DIR). */
export async function runKeys(args: string[]): Promise<number> {
  const config = loadConfig();
  // Progress goes to stderr: stdout carries only the command's answer (a new key), for scripts to read.
  const progress = (message: string) => process.stderr.write(`signet keys: ${message}\n`);
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort, onProgress: progress });
  const db = await openDatabase({ url: config.databaseUrl ?? (embedded?.url as string), schema: schemaNameFor('gateway'), migrations: gatewayMigrations });
  try {
    return await runKeysCli(args, { keys: apiKeyRepositoryFor(db), print: (line) => process.stdout.write(`${line}\n`), now: () => new Date() });
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}
