import { listMigrationSource, openDatabase } from '@signet/db';
import { JOBS_SCHEMA } from '@signet/jobs';
import { createTestDatabase } from '@signet/testkit';
import { envelopeMigrations } from '../migrations';

/** The migration to jobs loses nothing the pollers would have found: each becomes a queued job. */
describe('the envelope migration to jobs (PostgreSQL)', () => {
  it('carries a fully signed envelope left to complete, a due archive renewal and a waiting lifecycle email over as jobs', async () => {
    const database = await createTestDatabase();
    const before = envelopeMigrations.filter((migration) => migration.name !== 'envelope_0007_jobs');
    const db = await openDatabase({ url: database.url, schema: 'envelope', migrations: before });
    try {
      const now = new Date();
      const renewAfter = new Date(now.getTime() + 86_400_000);
      const envelope = (id: string, status: string) => ({
        id, tenant_id: 'acme', api_key_id: 'key-1', name: 'Contract', name_is_default: false, status,
        settings_overrides: '{}', settings: '{}', errors: '[]', warnings: '[]', created_at: now, updated_at: now, sent_at: now
      });
      await db('envelopes').insert([envelope('env-signed', 'IN_PROGRESS'), envelope('env-waiting', 'IN_PROGRESS'), envelope('env-done', 'SUCCESS')]);
      const recipient = (id: string, envelopeId: string, status: string) => ({
        id, envelope_id: envelopeId, custom_key: id, name: 'Ana', email: 'ana@example.com', order: 0, status, created_at: now, updated_at: now
      });
      await db('recipients').insert([recipient('r1', 'env-signed', 'SIGNED'), recipient('r2', 'env-waiting', 'IN_PROGRESS'), recipient('r3', 'env-done', 'SIGNED')]);
      await db('documents').insert({
        id: 'doc-1', envelope_id: 'env-done', custom_key: 'contract', file_name: 'contract.pdf', file_type: 'SIGNABLE', order: 0, status: 'SIGNED', blob_key: 'a',
        sha256: 'ab', file_size: 1, page_count: 1, page_sizes: '[]', created_at: now, updated_at: now, signed_blob_key: 'b', archive_renew_after: renewAfter
      });
      await db('lifecycle_mails').insert([
        { id: 'mail-1', tenant_id: 'acme', envelope_id: 'env-waiting', recipient_id: 'r2', kind: 'INVITATION', status: 'PENDING', sealed: Buffer.from('x'), attempts: 3, next_attempt_at: now, created_at: now },
        { id: 'mail-2', tenant_id: 'acme', envelope_id: 'env-done', recipient_id: 'r3', kind: 'SIGNED', status: 'SENT', sealed: null, attempts: 1, next_attempt_at: null, created_at: now }
      ]);
      await db.migrate.latest({ schemaName: 'envelope', tableName: 'knex_migrations', migrationSource: listMigrationSource(envelopeMigrations) });
      const queued = (await db.raw(`SELECT task_identifier, key, run_at FROM ${JOBS_SCHEMA}.jobs ORDER BY task_identifier`)).rows;
      expect(queued).toEqual([
        { task_identifier: 'envelope.complete-envelope', key: 'envelope.complete-envelope:env-signed', run_at: expect.any(Date) },
        { task_identifier: 'envelope.renew-archive-timestamp', key: 'envelope.renew-archive-timestamp:doc-1', run_at: renewAfter },
        { task_identifier: 'envelope.send-lifecycle-mail', key: 'envelope.send-lifecycle-mail:mail-1', run_at: now }
      ]);
      const columns = Object.keys(await db('lifecycle_mails').columnInfo());
      expect(columns).not.toContain('next_attempt_at');
      expect(columns).not.toContain('attempts');
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
