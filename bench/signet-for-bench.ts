import { startSignet, RunningSignet } from '../apps/signet/src';

type StartOptions = Parameters<typeof startSignet>[0];
import { AVAILABLE_PARTS } from '../apps/signet/src/registry';
import { createTestDatabase, freePort, TestDatabase } from '../libs/testkit/src';
import { postgresForTests, TEST_POSTGRES_ENV } from '../libs/testkit/src/postgres-server';

export const BENCH_KEY = 'bench-enterprise-key';
export const BENCH_TENANT = 'bench';

export interface BenchSignet {
  signet: RunningSignet;
  url: string;
  close(): Promise<void>;
}

/** The whole system in this process (monolith mode) on a fresh database, with an unthrottled enterprise key. */
export async function startBenchSignet(env: Record<string, string> = {}, subscriptions: StartOptions['subscriptions'] = []): Promise<BenchSignet> {
  const server = await postgresForTests(process.env);
  process.env[TEST_POSTGRES_ENV] = server.url;
  const database: TestDatabase = await createTestDatabase();
  const port = await freePort();
  const signet = await startSignet({
    parts: AVAILABLE_PARTS,
    env: {
      DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'silent',
      SIGNET_BOOTSTRAP_API_KEYS: `${BENCH_KEY}:${BENCH_TENANT}:enterprise`, ENTERPRISE_ENVELOPES_PER_HOUR: '1000000', ENTERPRISE_ENVELOPES_PER_DAY: '1000000',
      DATA_DIR: `/tmp/signet-bench-${process.pid}`, ...env
    },
    subscriptions
  });
  return {
    signet,
    url: signet.gatewayUrl as string,
    async close() {
      await signet.stop();
      await database.drop();
    }
  };
}
