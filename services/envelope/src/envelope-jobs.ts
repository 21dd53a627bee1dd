import type { Knex } from 'knex';
import { Type } from '@sinclair/typebox';
import type { JobSystem } from '@signet/jobs';

/** What queuing the envelope part's jobs needs: their names and payloads (the handlers are bound in index.ts). */
export const COMPLETE_ENVELOPE = {
  name: 'envelope.complete-envelope',
  payload: Type.Object({ tenantId: Type.String(), envelopeId: Type.String() })
};

export const SEND_LIFECYCLE_MAIL = {
  name: 'envelope.send-lifecycle-mail',
  payload: Type.Object({ mailId: Type.String() })
};

export const RENEW_ARCHIVE_TIMESTAMP = {
  name: 'envelope.renew-archive-timestamp',
  payload: Type.Object({ documentId: Type.String() })
};

export const RUN_BATCH = {
  name: 'envelope.run-batch',
  payload: Type.Object({ batchId: Type.String() })
};

const ENVELOPE_REF = { tenantId: Type.String(), envelopeId: Type.String() };

/** key: the envelope id; runAt: its expires_at. */
export const EXPIRE_ENVELOPE = { name: 'envelope.expire-envelope', payload: Type.Object(ENVELOPE_REF) };

/** key: the envelope id; runAt: expiry_warning_days before expires_at. */
export const WARN_OF_EXPIRY = { name: 'envelope.warn-of-expiry', payload: Type.Object(ENVELOPE_REF) };

/** key: the recipient id; runAt: when reminder `number` of their turn is due. */
export const REMIND_RECIPIENT = {
  name: 'envelope.remind-recipient',
  payload: Type.Object({ ...ENVELOPE_REF, recipientId: Type.String(), number: Type.Integer({ minimum: 1 }) })
};

/**
 * key: the envelope id. Queued by a migration for an envelope already IN_PROGRESS when reminders came in:
 * the recipients (`recipientIds`) whose turn had begun by then.
 */
export const START_MIGRATED_REMINDERS = {
  name: 'envelope.start-migrated-reminders',
  payload: Type.Object({ ...ENVELOPE_REF, recipientIds: Type.Array(Type.String()) })
};

/** The envelope part's jobs, as its use cases queue them: in the transaction of the change that causes them. */
export type EnvelopeJobs = ReturnType<typeof envelopeJobs>;

export function envelopeJobs(jobs: JobSystem) {
  const cancelReminder = (trx: Knex.Transaction, recipientId: string) => jobs.cancel(trx, REMIND_RECIPIENT, recipientId);
  async function cancelExpiry(trx: Knex.Transaction, envelopeId: string): Promise<void> {
    await jobs.cancel(trx, EXPIRE_ENVELOPE, envelopeId);
    await jobs.cancel(trx, WARN_OF_EXPIRY, envelopeId);
  }
  return {
    /** The last signature: seal the envelope, once, whichever replica takes the job. */
    queueCompletion: (trx: Knex.Transaction, tenantId: string, envelopeId: string) => jobs.enqueue(trx, COMPLETE_ENVELOPE, { tenantId, envelopeId }, { key: envelopeId }),
    /** A signed document's next archive timestamp, at `runAt` (Signet's clock). */
    queueArchiveRenewal: (trx: Knex.Transaction, documentId: string, runAt: Date) => jobs.enqueue(trx, RENEW_ARCHIVE_TIMESTAMP, { documentId }, { key: documentId, runAt }),
    queueLifecycleMail: (trx: Knex.Transaction, mailId: string) => jobs.enqueue(trx, SEND_LIFECYCLE_MAIL, { mailId }, { key: mailId }),
    /** A batch's next item (queued with the batch, and again after each item while some are left). */
    queueBatch: (trx: Knex.Transaction, batchId: string) => jobs.enqueue(trx, RUN_BATCH, { batchId }, { key: batchId }),
    /** The envelope expires at `runAt`, its recipients warned at `warnAt`; either replaces one queued earlier. */
    async queueExpiry(trx: Knex.Transaction, tenantId: string, envelopeId: string, runAt: Date, warnAt: Date | null): Promise<void> {
      await jobs.enqueue(trx, EXPIRE_ENVELOPE, { tenantId, envelopeId }, { key: envelopeId, runAt });
      if (warnAt === null) await jobs.cancel(trx, WARN_OF_EXPIRY, envelopeId);
      else await jobs.enqueue(trx, WARN_OF_EXPIRY, { tenantId, envelopeId }, { key: envelopeId, runAt: warnAt });
    },
    /** A recipient's next reminder; it replaces one queued earlier. */
    queueReminder: (trx: Knex.Transaction, tenantId: string, envelopeId: string, recipientId: string, number: number, runAt: Date) =>
      jobs.enqueue(trx, REMIND_RECIPIENT, { tenantId, envelopeId, recipientId, number }, { key: recipientId, runAt }),
    cancelReminder,
    /** The envelope no longer expires: its expiry and its warning go. */
    cancelExpiry,
    /** Nothing more is timed for the envelope: its expiry, warning and every recipient's reminder go. */
    async cancelSchedule(trx: Knex.Transaction, envelopeId: string, recipientIds: readonly string[]): Promise<void> {
      await cancelExpiry(trx, envelopeId);
      for (const recipientId of recipientIds) await cancelReminder(trx, recipientId);
    }
  };
}
