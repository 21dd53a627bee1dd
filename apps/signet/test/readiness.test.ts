import { rmSync } from 'node:fs';
import pg from 'pg';
import { createTestDatabase, freePort, TestDatabase, waitFor } from '@signet/testkit';
import { RunningSignet, startSignet } from '../src';
import { AVAILABLE_PARTS } from '../src/registry';
import { BOOTSTRAP_KEYS, INTERNAL_SECRET, KEYS } from './harness';

describe('readiness while Signet starts', () => {
  let database: TestDatabase;
  const dataDir = `/tmp/signet-readiness-${process.pid}`;
  const running: RunningSignet[] = [];
  let port: number;

  function start(): Promise<RunningSignet> {
    const starting = startSignet({
      parts: AVAILABLE_PARTS,
      env: {
        DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'silent',
        SIGNET_BOOTSTRAP_API_KEYS: BOOTSTRAP_KEYS, SIGNET_INTERNAL_SECRET: INTERNAL_SECRET, DATA_DIR: dataDir
      }
    });
    return starting.then((signet) => {
      running.push(signet);
      return signet;
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    port = await freePort();
  });

  afterAll(async () => {
    for (const signet of running) await signet.stop().catch(() => undefined);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /readyz 503 until the bootstrap API keys are in place, and 200 from then on, when the key works', async () => {
    // A first start makes the database and the keys; the second one's upsert of the keys then waits on this row lock.
    await (await start()).stop();
    running.length = 0;
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query("SELECT 1 FROM gateway.api_keys WHERE name = 'bootstrap' FOR UPDATE");
      const starting = start();
      const whileStarting = await waitFor(() => fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined), 30_000, 'the gateway to answer');
      expect(whileStarting.status).toBe(503);
      expect(((await whileStarting.json()) as { checks: Record<string, string> }).checks).toMatchObject({ database: 'ok', started: expect.stringMatching(/^starting/) });
      await holder.query('ROLLBACK');
      await starting;
    } finally {
      await holder.end();
    }
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/settings`, { headers: { authorization: KEYS.acme } })).status).toBe(200);
  });
});
