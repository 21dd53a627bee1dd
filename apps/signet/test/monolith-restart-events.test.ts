import { rmSync } from 'node:fs';
import pg from 'pg';
import type { ConsumedEvent } from '@signet/bus';
import { createTestDatabase, freePort, TestDatabase, waitFor } from '@signet/testkit';
import { RunningSignet, startSignet } from '../src';
import { AVAILABLE_PARTS } from '../src/registry';
import { BOOTSTRAP_KEYS, INTERNAL_SECRET, KEYS } from './harness';

const recipientsOnly = { 'recipients[0][email]': 'ana@example.com', 'recipients[0][name]': 'Ana Lima' };

describe('monolith mode: events its consumers had not handled when the process stopped', () => {
  let database: TestDatabase;
  const dataDir = `/tmp/signet-restart-events-${process.pid}`;
  const running: RunningSignet[] = [];

  /** Monolith mode on the test database, with one more consumer group: `handle` sees every envelope.created. */
  async function start(handle: (event: ConsumedEvent) => Promise<void>): Promise<RunningSignet> {
    const port = await freePort();
    const signet = await startSignet({
      parts: AVAILABLE_PARTS,
      env: {
        DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'silent',
        SIGNET_BOOTSTRAP_API_KEYS: BOOTSTRAP_KEYS, SIGNET_INTERNAL_SECRET: INTERNAL_SECRET, DATA_DIR: dataDir, OUTBOX_POLL_INTERVAL_MS: '50'
      },
      subscriptions: [{ groupId: 'test-restart-observer', topics: ['envelope.created'], handle }]
    });
    running.push(signet);
    return signet;
  }

  /** A start whose extra consumer records the id of every envelope created it handles. */
  async function startRecording(): Promise<{ signet: RunningSignet; seen: string[] }> {
    const seen: string[] = [];
    const signet = await start(async (consumed) => {
      seen.push(String((consumed.event.data as { id: string }).id));
    });
    return { signet, seen };
  }

  async function createEnvelope(signet: RunningSignet): Promise<string> {
    const form = new FormData();
    for (const [name, value] of Object.entries(recipientsOnly)) form.append(name, value);
    const response = await fetch(`${signet.gatewayUrl}/api/v1/envelopes`, { method: 'POST', headers: { authorization: KEYS.globex }, body: form });
    const body = (await response.json()) as { envelope: { id: string } };
    expect(response.status).toBe(200);
    return body.envelope.id;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    for (const signet of running) await signet.stop().catch(() => undefined);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers them after the next start, before what comes after', async () => {
    let offered = 0;
    const first = await start(async () => {
      offered += 1;
      throw new Error('this consumer cannot take events yet');
    });
    const unhandled = await createEnvelope(first);
    // Published (the consumer has been offered it) but never handled.
    await waitFor(() => offered > 0, 20_000, 'the event offered to the consumer');
    await first.stop();

    const { signet: second, seen } = await startRecording();
    const later = await createEnvelope(second);
    await waitFor(() => seen.includes(later), 20_000, 'the later envelope.created');
    expect(seen.indexOf(unhandled)).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf(unhandled)).toBeLessThan(seen.indexOf(later));
    await second.stop();
  });

  it('does not deliver again what its consumers had handled', async () => {
    const { signet: first, seen: seenFirst } = await startRecording();
    const handled = await createEnvelope(first);
    await waitFor(() => seenFirst.includes(handled), 20_000, 'the envelope.created handled');
    // The mark is recorded by the relay's next look (at most one poll interval later).
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    try {
      await waitFor(async () => {
        const { rows } = await sql.query(`SELECT (SELECT through_id FROM envelope.outbox_handled) AS through_id,
          (SELECT max(id) FROM envelope.outbox WHERE topic = 'envelope.created') AS id`);
        return Number(rows[0].through_id) >= Number(rows[0].id);
      }, 20_000, 'the handled mark past the event');
    } finally {
      await sql.end();
    }
    await first.stop();

    const { signet: second, seen } = await startRecording();
    const later = await createEnvelope(second);
    await waitFor(() => seen.includes(later), 20_000, 'the later envelope.created');
    expect(seen).not.toContain(handled);
    await second.stop();
  });
});
