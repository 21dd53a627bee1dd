import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { openDatabase } from '@signet/db';
import { sampleSettings } from '@signet/contracts/src/test-samples';
import { AppError, type RequestContext } from '@signet/http';
import { createTestDatabase, TestDatabase } from '@signet/testkit';
import { envelopeMigrations } from '../migrations';
import type { EnvelopeDeps } from '../src/envelope-deps';
import type { EnvelopeJobs } from '../src/envelope-jobs';
import { expireEnvelope } from '../src/expiry/expire-envelope';
import { extendEnvelope } from '../src/expiry/extend-envelope';
import { remindEnvelope } from '../src/expiry/remind-envelope';
import { remindRecipient, sendScheduledReminder } from '../src/expiry/remind-recipient';
import { warnOfExpiry } from '../src/expiry/warn-of-expiry';
import { sendEnvelope } from '../src/send-envelope';
import { envelopeStore } from '../src/store/envelope-store';
import { voidEnvelope } from '../src/void-envelope';

const context: RequestContext = { tenantId: 'acme', apiKeyId: 'key-1', plan: 'starter', requestId: 'req_test' };
const DAY_MS = 86_400_000;
const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY_MS);

/** What the use cases queued and cancelled, as a job system would hold it: one job per kind and key. */
function recordingJobs() {
  const queued = new Map<string, { runAt: Date; payload: Record<string, unknown> }>();
  const jobs: Partial<EnvelopeJobs> = {
    queueCompletion: async () => undefined,
    async queueExpiry(_trx, tenantId, envelopeId, runAt, warnAt) {
      queued.set(`expire:${envelopeId}`, { runAt, payload: { tenantId, envelopeId } });
      if (warnAt === null) queued.delete(`warn:${envelopeId}`);
      else queued.set(`warn:${envelopeId}`, { runAt: warnAt, payload: { tenantId, envelopeId } });
    },
    async queueReminder(_trx, tenantId, envelopeId, recipientId, number, runAt) {
      queued.set(`remind:${recipientId}`, { runAt, payload: { tenantId, envelopeId, recipientId, number } });
    },
    async cancelReminder(_trx, recipientId) {
      queued.delete(`remind:${recipientId}`);
    },
    async cancelExpiry(_trx, envelopeId) {
      queued.delete(`expire:${envelopeId}`);
      queued.delete(`warn:${envelopeId}`);
    },
    async cancelSchedule(_trx, envelopeId, recipientIds) {
      queued.delete(`expire:${envelopeId}`);
      queued.delete(`warn:${envelopeId}`);
      for (const recipientId of recipientIds) queued.delete(`remind:${recipientId}`);
    }
  };
  return { jobs: jobs as EnvelopeJobs, queued };
}

/**
 * Expiry and reminders as plain functions on a fake clock: what sending queues, what each job does when it
 * runs (and does not do when it finds the envelope changed), the manual reminder's hour, extend.
 */
describe('the expiry and reminder use cases (PostgreSQL, a fake clock)', () => {
  let database: TestDatabase;
  let db: Knex;
  let deps: EnvelopeDeps;
  let now: Date;
  let queued: Map<string, { runAt: Date; payload: Record<string, unknown> }>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'envelope', migrations: envelopeMigrations });
  });

  beforeEach(() => {
    now = T0;
    const recording = recordingJobs();
    queued = recording.queued;
    deps = {
      db, store: envelopeStore(), clock: () => now, links: async () => null, relay: { wake: () => undefined }, jobs: recording.jobs,
      signingLinks: { keep: async () => undefined }, config: { publicBaseUrl: 'https://signet.example' }
    } as unknown as EnvelopeDeps;
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  /** A CREATED envelope of two recipients expiring three days after T0, warned a day before, reminded after 1 day every day, twice. */
  async function createdEnvelope(order: 'PARALLEL' | 'SEQUENTIAL' = 'PARALLEL'): Promise<string> {
    const id = uuidv7();
    const settings = sampleSettings();
    settings.signature_flow.signature_order = order;
    settings.signature_flow.expiry_warning_days = 1;
    settings.signature_flow.reminders = { first_after_days: 1, every_days: 1, max: 2 };
    await db('envelopes').insert({
      id, tenant_id: 'acme', api_key_id: 'key-1', name: 'Lease', name_is_default: false, status: 'CREATED', expires_at: at(3),
      settings_overrides: '{}', settings: JSON.stringify(settings), errors: '[]', warnings: '[]', created_at: T0, updated_at: T0
    });
    await db('documents').insert({
      id: uuidv7(), envelope_id: id, custom_key: '0', file_name: 'lease.pdf', file_type: 'SIGNABLE', order: 0, status: 'PENDING', blob_key: 'blob',
      sha256: 'ab'.repeat(32), file_size: 4, page_count: 1, page_sizes: JSON.stringify([{ width: 595, height: 842 }]), created_at: T0, updated_at: T0
    });
    for (const [index, key] of ['ana', 'bea'].entries()) {
      await db('recipients').insert({ id: uuidv7(), envelope_id: id, custom_key: key, name: key, email: `${key}@example.com`, order: index, status: 'PENDING', created_at: T0, updated_at: T0 });
    }
    return id;
  }

  const recipientId = async (id: string, key: string): Promise<string> => (await db('recipients').where({ envelope_id: id, custom_key: key }).first()).id;
  const topics = async (id: string): Promise<string[]> => (await db('outbox').where({ key: id }).orderBy('id')).map((row) => {
    const data = row.payload.data;
    return row.topic === 'recipient.reminder_sent' ? `${row.topic}#${data.number}@${data.custom_key}` : row.topic;
  });
  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (error instanceof AppError ? `${error.status} ${error.message}` : error));

  it('queues the expiry, the warning and each current recipient\'s first reminder in the send, and the next reminder in each one', async () => {
    const id = await createdEnvelope('SEQUENTIAL');
    await sendEnvelope(deps, { context, envelopeId: id });
    const ana = await recipientId(id, 'ana');
    expect(queued.get(`expire:${id}`)?.runAt).toEqual(at(3));
    expect(queued.get(`warn:${id}`)?.runAt).toEqual(at(2));
    expect(queued.get(`remind:${ana}`)).toEqual({ runAt: at(1), payload: { tenantId: 'acme', envelopeId: id, recipientId: ana, number: 1 } });
    expect(queued.has(`remind:${await recipientId(id, 'bea')}`)).toBe(false);

    now = at(1);
    await sendScheduledReminder(deps, { tenantId: 'acme', envelopeId: id, recipientId: ana, number: 1 });
    expect(queued.get(`remind:${ana}`)).toMatchObject({ runAt: at(2), payload: { number: 2 } });
    now = at(2);
    queued.delete(`remind:${ana}`);
    await sendScheduledReminder(deps, { tenantId: 'acme', envelopeId: id, recipientId: ana, number: 2 });
    expect(queued.has(`remind:${ana}`)).toBe(false);
    await warnOfExpiry(deps, 'acme', id);
    expect(await topics(id)).toEqual([
      'envelope.in_progress', 'recipient.link_generated', 'recipient.link_generated', 'recipient.in_progress',
      'recipient.reminder_sent#1@ana', 'recipient.reminder_sent#2@ana', 'recipient.expiry_warning_sent'
    ]);
  });

  it('expires at expires_at, not before; a late job on a voided envelope, and a reminder after expiry, do nothing', async () => {
    const id = await createdEnvelope();
    await sendEnvelope(deps, { context, envelopeId: id });
    now = new Date(at(3).getTime() - 1);
    await expireEnvelope(deps, 'acme', id);
    expect((await db('envelopes').where({ id }).first()).status).toBe('IN_PROGRESS');
    now = at(3);
    await expireEnvelope(deps, 'acme', id);
    expect((await db('envelopes').where({ id }).first()).status).toBe('EXPIRED');
    expect(queued.size).toBe(0);
    expect((await db('recipients').where({ envelope_id: id }).whereNull('access_revoked_at')).length).toBe(0);
    const ana = await recipientId(id, 'ana');
    await sendScheduledReminder(deps, { tenantId: 'acme', envelopeId: id, recipientId: ana, number: 1 });
    expect(await refusal(remindRecipient(deps, { context, envelopeId: id, recipientId: ana })))
      .toBe('409 Only a recipient whose turn it is on an IN_PROGRESS envelope can be reminded (the envelope is EXPIRED, the recipient IN_PROGRESS)');

    const other = await createdEnvelope();
    now = T0;
    await sendEnvelope(deps, { context, envelopeId: other });
    await voidEnvelope(deps, { context, envelopeId: other });
    expect([...queued.keys()].filter((key) => key.includes(other))).toEqual([]);
    now = at(3);
    await expireEnvelope(deps, 'acme', other);
    expect((await db('envelopes').where({ id: other }).first()).status).toBe('VOIDED');
    expect((await topics(other)).filter((topic) => topic.startsWith('envelope.'))).toEqual(['envelope.in_progress', 'envelope.voided']);
  });

  it('reminds every recipient whose turn it is at once, or none when one of them was reminded within the hour', async () => {
    const sequential = await createdEnvelope('SEQUENTIAL');
    expect(await refusal(remindEnvelope(deps, { context, envelopeId: sequential })))
      .toBe('409 Only a recipient whose turn it is on an IN_PROGRESS envelope can be reminded (the envelope is CREATED and it is nobody\'s turn)');
    await sendEnvelope(deps, { context, envelopeId: sequential });
    await remindEnvelope(deps, { context, envelopeId: sequential });
    expect((await topics(sequential)).filter((topic) => topic.startsWith('recipient.reminder_sent'))).toEqual(['recipient.reminder_sent#null@ana']);

    const parallel = await createdEnvelope();
    await sendEnvelope(deps, { context, envelopeId: parallel });
    await remindRecipient(deps, { context, envelopeId: parallel, recipientId: await recipientId(parallel, 'bea') });
    now = new Date(T0.getTime() + 30 * 60_000);
    expect(await refusal(remindEnvelope(deps, { context, envelopeId: parallel }))).toBe('429 This recipient was reminded less than an hour ago');
    now = new Date(T0.getTime() + 60 * 60_000);
    await remindEnvelope(deps, { context, envelopeId: parallel });
    expect((await topics(parallel)).filter((topic) => topic.startsWith('recipient.reminder_sent')))
      .toEqual(['recipient.reminder_sent#null@bea', 'recipient.reminder_sent#null@ana', 'recipient.reminder_sent#null@bea']);
  });

  it('reminds now once an hour, apart from the schedule; extend reactivates with fresh links and a new schedule', async () => {
    const id = await createdEnvelope();
    await sendEnvelope(deps, { context, envelopeId: id });
    const ana = await recipientId(id, 'ana');
    const scheduled = queued.get(`remind:${ana}`);
    expect(await remindRecipient(deps, { context, envelopeId: id, recipientId: ana })).toEqual(T0);
    now = new Date(T0.getTime() + 59 * 60_000);
    const limited = await remindRecipient(deps, { context, envelopeId: id, recipientId: ana }).catch((error: AppError) => error);
    expect(limited).toMatchObject({ status: 429, headers: { 'Retry-After': '60' } });
    now = new Date(T0.getTime() + 60 * 60_000);
    await remindRecipient(deps, { context, envelopeId: id, recipientId: ana });
    expect(queued.get(`remind:${ana}`)).toEqual(scheduled);
    expect((await db('outbox').where({ key: id, topic: 'recipient.reminder_sent' })).map((row) => row.payload.data.number)).toEqual([null, null]);

    now = at(3);
    await expireEnvelope(deps, 'acme', id);
    expect(await refusal(extendEnvelope(deps, { context, envelopeId: id, expiresAt: at(3).toISOString() }))).toBe('422 expires_at must be later than now');
    await extendEnvelope(deps, { context, envelopeId: id, expiresAt: at(5).toISOString() });
    expect(await db('envelopes').where({ id }).first()).toMatchObject({ status: 'IN_PROGRESS', expires_at: at(5) });
    expect((await db('recipients').where({ envelope_id: id }).whereNotNull('access_revoked_at')).length).toBe(0);
    expect(queued.get(`expire:${id}`)?.runAt).toEqual(at(5));
    expect(queued.get(`remind:${ana}`)).toMatchObject({ runAt: at(4), payload: { number: 1 } });
    expect((await topics(id)).slice(-3)).toEqual(['recipient.link_generated', 'recipient.link_generated', 'envelope.reactivated']);
    await voidEnvelope(deps, { context, envelopeId: id });
    expect(await refusal(extendEnvelope(deps, { context, envelopeId: id, expiresAt: at(9).toISOString() })))
      .toBe('409 The envelope is VOIDED: only IN_PROGRESS or EXPIRED envelopes can be extended');
  });

  it('clears the expiry with null: the expiry and its warning go, the reminders stay, and a late expiry job does nothing', async () => {
    const id = await createdEnvelope();
    await sendEnvelope(deps, { context, envelopeId: id });
    const ana = await recipientId(id, 'ana');
    const reminder = queued.get(`remind:${ana}`);
    const cleared = await extendEnvelope(deps, { context, envelopeId: id, expiresAt: null });
    expect(cleared.envelope).toMatchObject({ status: 'IN_PROGRESS', expires_at: null });
    expect(await db('envelopes').where({ id }).first()).toMatchObject({ status: 'IN_PROGRESS', expires_at: null });
    expect(queued.has(`expire:${id}`)).toBe(false);
    expect(queued.has(`warn:${id}`)).toBe(false);
    expect(queued.get(`remind:${ana}`)).toEqual(reminder);
    const [extended] = await db('outbox').where({ key: id, topic: 'envelope.extended' });
    expect(extended.payload.data).toMatchObject({ id, status: 'IN_PROGRESS', expires_at: null });

    now = at(3);
    await warnOfExpiry(deps, 'acme', id);
    await expireEnvelope(deps, 'acme', id);
    expect((await db('envelopes').where({ id }).first()).status).toBe('IN_PROGRESS');
    expect((await topics(id)).filter((topic) => topic === 'envelope.expired' || topic === 'recipient.expiry_warning_sent')).toEqual([]);
  });
});
