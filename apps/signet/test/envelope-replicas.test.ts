import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { PartName } from '@signet/config';
import { freePort, MockBroker, pdfSignatures, startMockBroker, waitFor } from '@signet/testkit';
import { RunningSignet, startSignet } from '../src';
import { INTERNAL_SECRET, KEYS, startTestSignet, TestSignet } from './harness';
import { drawn, sign } from './signing/flows';
import { samplePdf } from '@signet/testkit';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ENVELOPES = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
const EVERY_PART_BUT_ENVELOPE: PartName[] = ['settings', 'upload', 'webhook-delivery', 'validation', 'evidence', 'gateway'];

/** Every file under `dir`, as paths relative to `root`. */
function filesUnder(root: string, dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(root, full) : [path.relative(root, full)];
  });
}

/**
 * Two replicas of the envelope part (microservices mode on Kafka, one database, one blob store) while
 * envelopes complete and their archive timestamps come due: the job system gives each completion and each
 * renewal to one replica, once.
 */
describe('two envelope replicas share completion, archive renewal and reminders', () => {
  let broker: MockBroker;
  let rest: TestSignet;
  const replicas: RunningSignet[] = [];
  let now = Date.now();
  const clock = () => new Date(now);
  const dataDir = `/tmp/signet-replicas-${process.pid}-${Date.now()}`;

  beforeAll(async () => {
    broker = await startMockBroker();
    const kafka = { KAFKA_BROKERS: broker.brokers.join(','), KAFKA_FETCH_MAX_WAIT_MS: '100', KAFKA_HEARTBEAT_INTERVAL_MS: '500', KAFKA_SESSION_TIMEOUT_MS: '10000' };
    const [settingsPort, validationPort, envelopePorts] = [await freePort(), await freePort(), [await freePort(), await freePort()]];
    const shared = { ...kafka, DATA_DIR: dataDir, SIGNET_INTERNAL_SECRET: INTERNAL_SECRET, ARCHIVE_TIMESTAMP_RENEW_DAYS: '30' };
    rest = await startTestSignet({
      ...shared, SETTINGS_PORT: String(settingsPort), VALIDATION_PORT: String(validationPort), ENVELOPE_URL: `http://127.0.0.1:${envelopePorts[0]}`
    }, EVERY_PART_BUT_ENVELOPE, clock);
    const databaseUrl = rest.signet.config.databaseUrl as string;
    // One after the other: the first runs the envelope part's migrations, which two starts at once would race on.
    for (const port of envelopePorts) {
      replicas.push(await startSignet({
        parts: ['envelope'],
        clock,
        env: {
          ...shared, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: rest.url, LOG_LEVEL: 'silent',
          OUTBOX_POLL_INTERVAL_MS: '50', JOBS_POLL_INTERVAL_MS: '100',
          SETTINGS_URL: `http://127.0.0.1:${settingsPort}`, VALIDATION_URL: `http://127.0.0.1:${validationPort}`, GATEWAY_URL: rest.url
        }
      }));
    }
  }, 300_000);

  afterAll(async () => {
    for (const replica of replicas) await replica.stop();
    await rest?.close();
    await broker?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  async function signedEnvelope(pdf: string): Promise<string> {
    const created = await rest.call('POST', '/api/v1/envelopes', {
      key: KEYS.globex,
      form: { 'documents[contract][base64]': pdf, 'documents[contract][name]': 'contract.pdf', 'recipients[ana][email]': 'ana@example.com', 'recipients[ana][name]': 'Ana Lima' }
    });
    if (created.status !== 200) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`);
    const id = (created.body.envelope as Body).id as string;
    const sent = await rest.call('POST', `/api/v1/envelopes/${id}/send_invitation`, { key: KEYS.globex });
    if (sent.status !== 200) throw new Error(`send answered ${sent.status}`);
    const link = await waitFor(() => rest.events.find((event) => event.key === id && event.event.event_type === 'recipient.link_generated'), 240_000, 'the signing link');
    const token = String((link.event.data as Body).signing_url).split('/sign/')[1] as string;
    const signed = await sign(rest, token, drawn);
    if (signed.status !== 200) throw new Error(`sign answered ${signed.status}: ${JSON.stringify(signed.body)}`);
    return id;
  }

  const documents = async (ids: string[]): Promise<Array<{ id: string; envelope_id: string; sha256: string; signed_blob_key: string | null }>> =>
    rest.tables.withSchema('envelope').from('documents').whereIn('envelope_id', ids).select('id', 'envelope_id', 'sha256', 'signed_blob_key');
  const blob = (key: string) => readFileSync(path.join(dataDir, 'blobs', key));
  const successes = (id: string) => rest.events.filter((event) => event.key === id && event.event.event_type === 'envelope.success');

  it('seals every envelope once and renews every archive timestamp once, with each recorded sha256 its blob\'s and no orphaned blob', async () => {
    const pdf = (await samplePdf()).toString('base64');
    // 25 envelopes in flight at a time: each lane starts the next one as soon as its own is signed, not
    // once the slowest of a batch of 25 is.
    const ids: string[] = [];
    let started = 0;
    const lane = async (): Promise<void> => {
      while (started < ENVELOPES) {
        started += 1;
        ids.push(await signedEnvelope(pdf));
      }
    };
    await Promise.all(Array.from({ length: 25 }, lane));
    process.stderr.write(`[replicas] ${ids.length} signed at ${new Date().toISOString()}\n`);
    await waitFor(async () => (await documents(ids)).every((document) => document.signed_blob_key !== null), 180_000, 'every envelope sealed');
    await Promise.all(replicas.map((replica) => replica.jobs.runDue()));
    await waitFor(() => ids.every((id) => successes(id).length > 0), 60_000, 'envelope.success for every envelope');
    process.stderr.write(`[replicas] all sealed at ${new Date().toISOString()}\n`);
    const sealed = await documents(ids);
    const firstHashes = new Map(sealed.map((document) => [document.id, document.sha256]));

    // The development TSA's certificate expires in a year or more: its renewal comes due 30 days before.
    const chain = (await rest.call('GET', '/api/v1/seal/certificates', { key: KEYS.globex })).body as Body;
    const jump = new Date((chain.timestamp_authority as Body[])[0]?.not_after as string).getTime() - 29 * DAY_MS - now;
    now += jump;
    await replicas[0]!.jobs.clockMovedBy(jump);
    await waitFor(async () => (await documents(ids)).every((document) => document.sha256 !== firstHashes.get(document.id)), 180_000, 'every archive timestamp renewed');
    await Promise.all(replicas.map((replica) => replica.jobs.runDue()));

    const renewed = await documents(ids);
    for (const id of ids) expect(successes(id)).toHaveLength(1);
    for (const document of renewed) {
      const bytes = blob(document.signed_blob_key as string);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(document.sha256);
      // The seal's own timestamp and one renewal: a second renewal would have added a third.
      expect(pdfSignatures(bytes).filter((signature) => signature.subFilter === 'ETSI.RFC3161')).toHaveLength(2);
    }
    const signedFiles = filesUnder(path.join(dataDir, 'blobs'), path.join(dataDir, 'blobs', 'tenants')).filter((file) => file.includes('/signed/'));
    expect(signedFiles.sort()).toEqual(renewed.map((document) => document.signed_blob_key).sort());
  }, 900_000);
  it('reminds each recipient once when the reminders of many envelopes come due on both replicas', async () => {
    const pdf = (await samplePdf()).toString('base64');
    const ids = await Promise.all(Array.from({ length: 5 }, async () => {
      const created = await rest.call('POST', '/api/v1/envelopes', {
        key: KEYS.globex,
        form: {
          'documents[contract][base64]': pdf, 'recipients[ana][email]': 'ana@example.com', 'recipients[ana][name]': 'Ana Lima',
          'settings[signature_flow][reminders][first_after_days]': '1', 'settings[signature_flow][reminders][max]': '1'
        }
      });
      const id = (created.body.envelope as Body).id as string;
      expect((await rest.call('POST', `/api/v1/envelopes/${id}/send_invitation`, { key: KEYS.globex })).status).toBe(200);
      return id;
    }));
    now += DAY_MS + 60_000;
    await replicas[0]!.jobs.clockMovedBy(DAY_MS + 60_000);
    await Promise.all(replicas.map((replica) => replica.jobs.runDue()));
    // Each reminder commits its event in its own transaction: once both replicas have nothing due or running, all are there.
    const reminders = await rest.tables.withSchema('envelope').from('outbox').whereIn('key', ids).where({ topic: 'recipient.reminder_sent' }).select('key');
    expect(reminders.map((row) => row.key).sort()).toEqual([...ids].sort());
  }, 120_000);
});
