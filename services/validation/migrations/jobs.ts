import type { Migration } from '@signet/db';
import { addJob, ensureJobSchema } from '@signet/jobs';
import { EXPIRE_CODE, SEND_CODE_MAIL, SEND_CODE_SMS } from '../src/validation-jobs';

/**
 * Code emails, code SMS and code expiry become jobs: every waiting email and SMS is carried over as a
 * send job due when its row was, every PENDING code as its expiry job; the rows' own retry columns go.
 */
export const validationJobsMigration: Migration = {
  name: 'validation_0004_jobs',
  async up(knex) {
    await ensureJobSchema(knex);
    for (const mail of await knex('pending_mails').select('id', 'next_attempt_at')) {
      await addJob(knex, SEND_CODE_MAIL, { messageId: mail.id }, { key: mail.id, databaseRunAt: mail.next_attempt_at });
    }
    for (const sms of await knex('sms_messages').select('id', 'next_attempt_at').where({ status: 'PENDING' })) {
      await addJob(knex, SEND_CODE_SMS, { messageId: sms.id }, { key: sms.id, databaseRunAt: sms.next_attempt_at });
    }
    for (const code of await knex('validation_codes').select('id', 'expires_at').where({ status: 'PENDING' })) {
      await addJob(knex, EXPIRE_CODE, { codeId: code.id }, { key: code.id, databaseRunAt: code.expires_at });
    }
    await knex.schema.alterTable('pending_mails', (table) => {
      table.dropColumn('next_attempt_at');
      table.dropColumn('attempts');
      table.dropColumn('last_error');
    });
    await knex.raw('DROP INDEX IF EXISTS sms_messages_due');
    await knex.schema.alterTable('sms_messages', (table) => {
      table.dropColumn('next_attempt_at');
      table.dropColumn('attempts');
    });
  }
};
