import type { Knex } from 'knex';
import type { Migration } from '@signet/db';
import { addJob, ensureJobSchema } from '@signet/jobs';
import { COMPLETE_ENVELOPE, RENEW_ARCHIVE_TIMESTAMP, SEND_LIFECYCLE_MAIL } from '../src/envelope-jobs';

/**
 * Completion, archive renewal and lifecycle emails become jobs: the work the pollers would have found is
 * carried over as queued jobs (fully signed envelopes still IN_PROGRESS, every signed document's next
 * renewal, every PENDING lifecycle email, due when its row was), and the emails' retry columns go.
 */
export const envelopeJobsMigration: Migration = {
  name: 'envelope_0007_jobs',
  async up(knex: Knex) {
    await ensureJobSchema(knex);
    const toComplete: Array<{ id: string; tenant_id: string }> = await knex('envelopes').select('id', 'tenant_id').where({ status: 'IN_PROGRESS' })
      .whereNotExists(knex('recipients').select(knex.raw('1')).whereRaw('recipients.envelope_id = envelopes.id').whereNot('recipients.status', 'SIGNED'));
    for (const envelope of toComplete) {
      await addJob(knex, COMPLETE_ENVELOPE, { tenantId: envelope.tenant_id, envelopeId: envelope.id }, { key: envelope.id });
    }
    const toRenew: Array<{ id: string; archive_renew_after: Date }> = await knex('documents').select('id', 'archive_renew_after')
      .whereNotNull('signed_blob_key').whereNotNull('archive_renew_after');
    for (const document of toRenew) {
      await addJob(knex, RENEW_ARCHIVE_TIMESTAMP, { documentId: document.id }, { key: document.id, databaseRunAt: document.archive_renew_after });
    }
    const mails: Array<{ id: string; next_attempt_at: Date | null }> = await knex('lifecycle_mails').select('id', 'next_attempt_at').where({ status: 'PENDING' });
    for (const mail of mails) {
      await addJob(knex, SEND_LIFECYCLE_MAIL, { mailId: mail.id }, { key: mail.id, databaseRunAt: mail.next_attempt_at });
    }
    await knex.schema.alterTable('lifecycle_mails', (table) => {
      table.dropColumn('next_attempt_at');
      table.dropColumn('attempts');
    });
  }
};
