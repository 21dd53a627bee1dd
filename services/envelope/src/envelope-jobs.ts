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

/** The envelope part's jobs, as its use cases queue them (in the transaction of the change that causes them). */
export interface EnvelopeJobs {
  /** The last signature: seal the envelope, once, whichever replica takes the job. */
  queueCompletion(trx: Knex.Transaction, tenantId: string, envelopeId: string): Promise<void>;
  /** A signed document's next archive timestamp, at `runAt` (Signet's clock). */
  queueArchiveRenewal(trx: Knex.Transaction, documentId: string, runAt: Date): Promise<void>;
  /** A lifecycle email, sent after the transaction that queued it. */
  queueLifecycleMail(trx: Knex.Transaction, mailId: string): Promise<void>;
  /** A batch's next item (queued with the batch, and again after each item while some are left). */
  queueBatch(trx: Knex.Transaction, batchId: string): Promise<void>;
}

export function envelopeJobs(jobs: JobSystem): EnvelopeJobs {
  return {
    queueCompletion: (trx, tenantId, envelopeId) => jobs.enqueue(trx, COMPLETE_ENVELOPE, { tenantId, envelopeId }, { key: envelopeId }),
    queueArchiveRenewal: (trx, documentId, runAt) => jobs.enqueue(trx, RENEW_ARCHIVE_TIMESTAMP, { documentId }, { key: documentId, runAt }),
    queueLifecycleMail: (trx, mailId) => jobs.enqueue(trx, SEND_LIFECYCLE_MAIL, { mailId }, { key: mailId }),
    queueBatch: (trx, batchId) => jobs.enqueue(trx, RUN_BATCH, { batchId }, { key: batchId })
  };
}
