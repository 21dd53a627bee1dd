import { listMigrationSource, openDatabase, type Migration } from '@signet/db';
import { sampleSettings } from '@signet/contracts/src/test-samples';
import type { Settings } from '@signet/contracts';
import type { RequestContext } from '@signet/http';
import { createJobSystem, JOBS_SCHEMA } from '@signet/jobs';
import { createLogger } from '@signet/log';
import { createTestDatabase } from '@signet/testkit';
import { envelopeMigrations } from '../migrations';
import { migratedRemindersMigration } from '../migrations/migrated-reminders';
import type { BatchDeps } from '../src/batches/batch-deps';
import type { EmailDeps } from '../src/emails/email-deps';
import { registerEnvelopeJobs } from '../src/envelope-job-kinds';
import { envelopeJobs, START_MIGRATED_REMINDERS } from '../src/envelope-jobs';
import type { ArchiveRenewerDeps } from '../src/seal/archive-renewer';
import { sendEnvelope } from '../src/send-envelope';
import { envelopeStore } from '../src/store/envelope-store';

const DAY_MS = 86_400_000;
/** What the key asks for: not the defaults (5, 5, 3), so the envelope is seen to take its key's. */
const KEY_REMINDERS = { first_after_days: 2, every_days: 3, max: 2 };

/** The migrations before `name`, as a database that had not run it yet stood. */
/** Rows read after later migrations, with only the columns they had before: a column added since is no change to them. */
const asBefore = (rows: Array<Record<string, unknown>>, earlier: Array<Record<string, unknown>>) =>
  rows.map((row, index) => Object.fromEntries(Object.keys(earlier[index] ?? {}).map((column) => [column, row[column]])));

const before = (name: string): Migration[] => envelopeMigrations.slice(0, envelopeMigrations.findIndex((migration) => migration.name === name));

/** An envelope sent before reminders existed gets its key's, counted from the upgrade; nothing else changes. */
describe('the migration that gives envelopes sent before reminders existed their reminders (PostgreSQL)', () => {
  it('gives an envelope IN_PROGRESS at the reminders migration its key\'s reminders, once, and leaves every other envelope as it was', async () => {
    const database = await createTestDatabase();
    const db = await openDatabase({ url: database.url, schema: 'envelope', migrations: before('envelope_expiry') });
    const migrate = (migrations: readonly Migration[]) =>
      db.migrate.latest({ schemaName: 'envelope', tableName: 'knex_migrations', migrationSource: listMigrationSource(migrations) });
    let offsetMs = 0;
    const clock = () => new Date(Date.now() + offsetMs);
    const log = createLogger({ level: 'silent' });
    const jobs = createJobSystem({ databaseUrl: database.url, clock, log, concurrency: 2, pollIntervalMs: 100 });
    const asked: RequestContext[] = [];
    const keySettings = (): Settings => {
      const settings = sampleSettings();
      settings.signature_flow.reminders = KEY_REMINDERS;
      return settings;
    };
    const deps = {
      db, store: envelopeStore(), jobs: envelopeJobs(jobs), clock, log, relay: { wake: () => undefined }, links: async () => null,
      signingLinks: { keep: async () => undefined }, config: { publicBaseUrl: 'https://signet.example' }, limits: { pruneBefore: async () => undefined },
      settings: {
        async effective(context: RequestContext) {
          asked.push(context);
          return keySettings();
        }
      }
    } as unknown as EmailDeps;
    const remindersOf = async (recipientId: string) => (await db.raw(
      `SELECT payload -> 'payload' ->> 'number' AS number, run_at FROM ${JOBS_SCHEMA}._private_jobs WHERE key = ?`, [`envelope.remind-recipient:${recipientId}`]
    )).rows as Array<{ number: string; run_at: Date }>;
    const row = async (table: string, id: string) => db(table).where({ id }).first();
    try {
      // Stored before reminders existed: settings without a reminder plan, recipients without a turn's start.
      const sentAt = new Date(Date.now() - 20 * DAY_MS);
      const envelope = (id: string, status: string) => ({
        id, tenant_id: 'acme', api_key_id: 'key-1', name: 'Contract', name_is_default: false, status, settings_overrides: '{}',
        settings: JSON.stringify(sampleSettings()), errors: '[]', warnings: '[]', created_at: sentAt, updated_at: sentAt, sent_at: status === 'CREATED' ? null : sentAt
      });
      await db('envelopes').insert([envelope('env-waiting', 'IN_PROGRESS'), envelope('env-later', 'CREATED'), envelope('env-done', 'SUCCESS')]);
      await db('documents').insert({
        id: 'doc-later', envelope_id: 'env-later', custom_key: 'contract', file_name: 'contract.pdf', file_type: 'SIGNABLE', order: 0, status: 'PENDING', blob_key: 'a',
        sha256: 'ab', file_size: 1, page_count: 1, page_sizes: '[]', created_at: sentAt, updated_at: sentAt
      });
      const recipient = (id: string, envelopeId: string, status: string, order = 0) => ({
        id, envelope_id: envelopeId, custom_key: id, name: id, email: `${id}@example.com`, order, status, created_at: sentAt, updated_at: sentAt
      });
      await db('recipients').insert([
        recipient('ana', 'env-waiting', 'IN_PROGRESS'), recipient('ben', 'env-waiting', 'SIGNED', 1),
        recipient('cid', 'env-later', 'PENDING'), recipient('dan', 'env-done', 'SIGNED')
      ]);

      // The reminders migration runs; then, before this fix's migration, an envelope stored back then is sent (its reminders queued with it).
      await migrate(before('envelope_migrated_reminders'));
      await sendEnvelope(deps, { context: { tenantId: 'acme', apiKeyId: 'key-1', plan: 'starter', requestId: 'req-send' }, envelopeId: 'env-later' });
      const laterReminders = await remindersOf('cid');
      expect(laterReminders).toEqual([{ number: '1', run_at: expect.any(Date) }]);
      const untouched = await Promise.all(['env-later', 'env-done'].map((id) => row('envelopes', id)));
      const untouchedRecipients = await Promise.all(['ben', 'cid', 'dan'].map((id) => row('recipients', id)));

      await migrate(envelopeMigrations);
      const migratedJobs = async () => (await db.raw(`SELECT key, payload -> 'payload' AS payload FROM ${JOBS_SCHEMA}._private_jobs WHERE key LIKE ?`, [`${START_MIGRATED_REMINDERS.name}:%`])).rows;
      const queued = await migratedJobs();
      expect(queued).toEqual([{ key: 'envelope.start-migrated-reminders:env-waiting', payload: { tenantId: 'acme', envelopeId: 'env-waiting', recipientIds: ['ana'] } }]);

      registerEnvelopeJobs(jobs, { emails: deps, batches: deps as unknown as BatchDeps, renewer: {} as ArchiveRenewerDeps, log });
      await jobs.start();
      const upgradedAt = clock();
      await jobs.runDue();

      // The key's reminders, stored on the envelope and counted from the upgrade: the first two days on.
      expect(asked).toEqual([expect.objectContaining({ tenantId: 'acme', apiKeyId: 'key-1' })]);
      const waiting = await row('envelopes', 'env-waiting');
      expect(waiting.settings.signature_flow).toEqual({ ...sampleSettings().signature_flow, reminders: KEY_REMINDERS });
      expect(waiting).toMatchObject({ status: 'IN_PROGRESS', updated_at: sentAt });
      const [first] = await remindersOf('ana');
      expect(first?.number).toBe('1');
      expect(Math.abs((first?.run_at.getTime() ?? 0) - (upgradedAt.getTime() + 2 * DAY_MS))).toBeLessThan(60_000);
      expect(await remindersOf('ben')).toEqual([]);
      expect(await remindersOf('cid')).toEqual(laterReminders);
      expect(asBefore(await Promise.all(['env-later', 'env-done'].map((id) => row('envelopes', id))), untouched)).toEqual(untouched);
      expect(asBefore(await Promise.all(['ben', 'cid', 'dan'].map((id) => row('recipients', id))), untouchedRecipients)).toEqual(untouchedRecipients);

      // Two days later Ana is reminded, and her next reminder follows her key's plan: three days after that.
      offsetMs += 2 * DAY_MS;
      await jobs.clockMovedBy(2 * DAY_MS);
      await jobs.runDue();
      const sent = await db('outbox').where({ key: 'env-waiting', topic: 'recipient.reminder_sent' });
      expect(sent.map((event) => [event.payload.data.custom_key, event.payload.data.number])).toEqual([['ana', 1]]);
      const [second] = await remindersOf('ana');
      expect(second?.number).toBe('2');
      // The job table keeps the host's time, which Signet's clock is now two days ahead of.
      expect(Math.abs((second?.run_at.getTime() ?? 0) - (upgradedAt.getTime() + 5 * DAY_MS - 2 * DAY_MS))).toBeLessThan(60_000);

      // Run again, the migration finds nothing left and the job does nothing: no second plan, no reminder queued anew.
      await migratedRemindersMigration.up(db);
      expect(await migratedJobs()).toEqual([]);
      await jobs.enqueue(db, START_MIGRATED_REMINDERS, { tenantId: 'acme', envelopeId: 'env-waiting', recipientIds: ['ana'] }, { key: 'env-waiting' });
      await jobs.runDue();
      expect(asked).toHaveLength(1);
      expect(await remindersOf('ana')).toEqual([second]);
    } finally {
      await jobs.stop();
      await db.destroy();
      await database.drop();
    }
  });
});
