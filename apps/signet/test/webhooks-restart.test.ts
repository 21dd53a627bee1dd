import { ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import knex, { Knex } from 'knex';
import { checkAnswersFrom, createTestDatabase, freePort, TestDatabase, waitFor } from '@signet/testkit';
import { RunningSignet, startSignet } from '../src';
import { AVAILABLE_PARTS } from '../src/registry';
import { bodyOf, BOOTSTRAP_KEYS, INTERNAL_SECRET, KEYS } from './harness';
import { createAndSendEnvelope, createWebhook } from './webhooks/flows';
import { Receiver, startReceiver } from './webhooks/receiver';

const BIN = path.join(__dirname, '..', 'bin', 'signet');
// The killed worker's job is released 10 s after its attempt would have timed out (the kind's lease).
const TIMEOUT_MS = 2000;
const LEASE_MS = TIMEOUT_MS + 10_000;

interface Child {
  process: ChildProcess;
  exited: Promise<void>;
  /** Everything it has written to stdout and stderr. */
  output(): string;
}

/** Signet in a process of its own, so the test can kill it the way the OOM killer or a node failure would. */
async function startChild(env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, [BIN], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env } });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`signet did not start in time:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Signet is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`signet exited:\n${output}`));
    });
  });
  return { process: child, exited, output: () => output };
}

describe('a delivery whose worker is killed mid-attempt', () => {
  let database: TestDatabase;
  let receiver: Receiver;
  let db: Knex;
  let restarted: RunningSignet | null = null;
  let child: Child | null = null;

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startReceiver();
    db = knex({ client: 'pg', connection: database.url, searchPath: ['webhook_delivery'] });
  });

  afterAll(async () => {
    child?.process.kill('SIGKILL');
    await restarted?.stop();
    await db.destroy();
    await receiver.close();
    await database.drop();
  });

  it('is completed by the next worker once the killed one\'s job is released; no log shows the webhook\'s secrets', async () => {
    const port = await freePort();
    const env = {
      DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, DATA_DIR: `/tmp/signet-restart-${port}`,
      SIGNET_BOOTSTRAP_API_KEYS: BOOTSTRAP_KEYS, SIGNET_INTERNAL_SECRET: INTERNAL_SECRET, OUTBOX_POLL_INTERVAL_MS: '50', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS)
    };
    checkAnswersFrom(`http://127.0.0.1:${port}`);
    const call = async (method: string, route: string, options: { key?: string | null; json?: unknown; form?: Record<string, string> } = {}) => {
      const headers: Record<string, string> = { authorization: options.key ?? KEYS.globex };
      if (options.json !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`http://127.0.0.1:${port}${route}`, { method, headers, body: bodyOf(options) });
      return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
    };

    // Debug logs, so the check below sees everything the part would ever log about the webhook.
    child = await startChild({ ...env, LOG_LEVEL: 'debug' });
    const hook = await createWebhook(call, KEYS.globex, { url: `${receiver.url}/held`, subscriptions: 'envelope.in_progress', auth: 'restart-auth-value' });
    receiver.script('/held', ['hang']);
    await createAndSendEnvelope(call, KEYS.globex);
    const [held] = await receiver.waitForCount('/held', 1);
    child.process.kill('SIGKILL');
    await child.exited;
    expect(child.output()).toContain('"service":"webhook-delivery"');
    expect(child.output()).not.toContain('restart-auth-value');
    expect(child.output()).not.toContain(hook.secret.slice('whsec_'.length));
    child = null;
    const killedAt = Date.now();

    const orphan = await db('deliveries').where({ webhook_id: hook.id }).first();
    expect(orphan).toMatchObject({ status: 'PENDING' });
    expect(await db('delivery_attempts').where({ delivery_id: orphan.id })).toEqual([]);
    const [job] = (await db.raw(`SELECT locked_at FROM signet_jobs.jobs WHERE key = ?`, [`webhook-delivery.deliver-webhook:${orphan.id}`])).rows;
    expect(job.locked_at).toEqual(expect.any(Date));
    const leaseEnds = job.locked_at.getTime() + LEASE_MS;
    expect(leaseEnds).toBeGreaterThan(Date.now());

    restarted = await startSignet({ parts: AVAILABLE_PARTS, env });
    // Abandoned jobs are looked for every 30 s: released at most that long after the lease ends.
    const [, retried] = await receiver.waitForCount('/held', 2, 60_000);
    expect(retried?.receivedAt).toBeGreaterThanOrEqual(leaseEnds - 100);
    expect(retried?.receivedAt).toBeGreaterThan(killedAt);
    expect(retried?.headers['webhook-id']).toBe(held?.headers['webhook-id']);
    expect([held?.headers.authorization, retried?.headers.authorization]).toEqual(['restart-auth-value', 'restart-auth-value']);
    expect(retried?.body).toBe(held?.body);

    const done = await waitFor(async () => {
      const row = await db('deliveries').where({ webhook_id: hook.id }).first();
      return row.status === 'SUCCESS' && row;
    }, 10_000, 'SUCCESS');
    expect(await db('delivery_attempts').where({ delivery_id: done.id }).select('attempt', 'status_code')).toEqual([{ attempt: 1, status_code: 200 }]);
    rmSync(env.DATA_DIR, { recursive: true, force: true });
  }, 180_000);
});
