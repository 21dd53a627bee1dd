import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@signet/testkit';
import { DOCUMENTED_OPERATIONS, independentVerdict, operationsOf } from './independent-validator';
import { startMonolith, type Started } from './monolith';

describe('npm start: monolith mode on embedded defaults', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signet-start-'));
  // The embedded PostgreSQL may run as the `postgres` user (when started by root): let it reach its directory.
  chmodSync(dataDir, 0o755);

  const started: Started[] = [];
  const start = async (env: Record<string, string>) => {
    const signet = await startMonolith(env);
    started.push(signet);
    return signet;
  };

  // A failed step leaves its Signet running: stop it, so its PostgreSQL does not outlive the test.
  afterAll(async () => {
    for (const signet of started.filter(({ child }) => child.exitCode === null && child.signalCode === null)) {
      signet.child.kill('SIGTERM');
      await signet.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves a valid OpenAPI document naming every route and the settings API with a development key, stops cleanly on SIGTERM, and keeps its data', async () => {
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()), EMBEDDED_POSTGRES_PORT: String(await freePort()) };
    const base = `http://127.0.0.1:${env.PORT}`;

    const first = await start(env);
    const document = (await (await fetch(`${base}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(independentVerdict(document)).toEqual({ valid: true, version: '3.1' });
    expect(operationsOf(document).sort()).toEqual([...DOCUMENTED_OPERATIONS].sort());
    const all = await fetch(`${base}/api/v1/settings`, { headers: { authorization: first.key } });
    const body = (await all.json()) as { settings: object; request_id: string };
    expect(all.status).toBe(200);
    expect(Object.keys(body.settings)).toHaveLength(7);
    expect(body.request_id).toEqual(expect.any(String));
    const put = await fetch(`${base}/api/v1/settings`, {
      method: 'PUT',
      headers: { authorization: first.key, 'content-type': 'application/json' },
      body: JSON.stringify({ branding: { name: 'Persisted Corp' } })
    });
    expect(put.status).toBe(200);
    const mail = await fetch(`${base}/dev/mail/messages.json`);
    expect(mail.status).toBe(200);
    expect(await mail.json()).toMatchObject({ messages: [] });
    // Without SIGNET_TEST_CLOCK there is no test clock to read or move.
    expect((await fetch(`${base}/dev/clock`)).status).toBe(404);
    expect((await fetch(`${base}/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advance_by":"P1D"}' })).status).toBe(404);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await start(env);
    try {
      expect(second.key).toBe(first.key);
      const read = await fetch(`${base}/api/v1/settings?scope=branding`, { headers: { authorization: second.key } });
      expect(await read.json()).toMatchObject({ settings: { branding: { name: 'Persisted Corp' } } });
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  }, 240_000);
});
