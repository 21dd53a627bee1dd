import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@signet/testkit';

const BIN = path.join(__dirname, '..', 'bin', 'signet');

interface Started {
  child: ChildProcessWithoutNullStreams;
  key: string;
  exited: Promise<number | null>;
}

/** `signet` exactly as `npm start` runs it: no DATABASE_URL, no Kafka, nothing but a data directory. */
async function startMonolith(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, [BIN], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', ...env } });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const key = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`signet did not start in time:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Development API key: (\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`signet exited with ${code}:\n${output}`));
    });
  });
  return { child, key, exited };
}

describe('npm start: monolith mode on embedded defaults', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signet-start-'));
  // The embedded PostgreSQL may run as the `postgres` user (when started by root): let it reach its directory.
  chmodSync(dataDir, 0o755);

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the settings API with a development key, stops cleanly on SIGTERM, and keeps its data', async () => {
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()), EMBEDDED_POSTGRES_PORT: String(await freePort()) };
    const base = `http://127.0.0.1:${env.PORT}`;

    const first = await startMonolith(env);
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
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await startMonolith(env);
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
