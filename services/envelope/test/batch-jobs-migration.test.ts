import { listMigrationSource, openDatabase } from '@signet/db';
import { createJobSystem } from '@signet/jobs';
import { createLogger } from '@signet/log';
import { createTestDatabase } from '@signet/testkit';
import { envelopeMigrations } from '../migrations';
import type { BatchDeps } from '../src/batches/batch-deps';
import { batchStore } from '../src/batches/batch-store';
import type { EmailDeps } from '../src/emails/email-deps';
import { registerEnvelopeJobs } from '../src/envelope-job-kinds';
import { envelopeJobs } from '../src/envelope-jobs';
import type { ArchiveRenewerDeps } from '../src/seal/archive-renewer';
import { envelopeStore } from '../src/store/envelope-store';

/** The migration to jobs loses no batch: one the old worker was part way through is finished by its job. */
describe('the batch migration to jobs (PostgreSQL)', () => {
  it('carries a RUNNING batch over as a job, which runs its items left and completes it with batch.completed', async () => {
    const database = await createTestDatabase();
    const before = envelopeMigrations.filter((migration) => migration.name !== 'envelope_batch_jobs');
    const db = await openDatabase({ url: database.url, schema: 'envelope', migrations: before });
    const log = createLogger({ level: 'silent' });
    const jobs = createJobSystem({ databaseUrl: database.url, clock: () => new Date(), log, concurrency: 2, pollIntervalMs: 100 });
    try {
      const now = new Date();
      await db('batches').insert({
        id: 'batch-1', tenant_id: 'acme', api_key_id: 'key-1', plan: 'FREE', request_id: 'req-1', operation: 'void', status: 'RUNNING', total: 3,
        created_at: now, completed_at: null, served_at: now
      });
      const item = (index: number, status: string) => ({
        batch_id: 'batch-1', index, input: status === 'PENDING' ? JSON.stringify(`env-missing-${index}`) : null, status, envelope_id: null, error: null, finished_at: null
      });
      await db('batch_items').insert([item(0, 'SUCCEEDED'), item(1, 'PENDING'), item(2, 'PENDING')]);
      await db.migrate.latest({ schemaName: 'envelope', tableName: 'knex_migrations', migrationSource: listMigrationSource(envelopeMigrations) });
      expect(Object.keys(await db('batches').columnInfo())).not.toContain('served_at');

      const deps = {
        db, store: envelopeStore(), batches: batchStore(), jobs: envelopeJobs(jobs), clock: () => new Date(), log, relay: { wake: () => undefined },
        limits: { pruneBefore: async () => undefined }
      } as unknown as BatchDeps;
      registerEnvelopeJobs(jobs, { emails: deps as unknown as EmailDeps, batches: deps, renewer: {} as ArchiveRenewerDeps, log });
      await jobs.start();
      await jobs.runDue();
      expect(await db('batches').where({ id: 'batch-1' }).first()).toMatchObject({ status: 'COMPLETED', completed_at: expect.any(Date) });
      expect((await db('batch_items').orderBy('index')).map((row) => [row.index, row.status, row.error?.code ?? null])).toEqual([
        [0, 'SUCCEEDED', null], [1, 'FAILED', 'NOT_FOUND'], [2, 'FAILED', 'NOT_FOUND']
      ]);
      const [completed] = await db('outbox').where({ topic: 'batch.completed' });
      expect(completed.payload.data).toMatchObject({ id: 'batch-1', status: 'COMPLETED', succeeded: 1, failed: 2 });
    } finally {
      await jobs.stop();
      await db.destroy();
      await database.drop();
    }
  });
});
