import type { Knex } from 'knex';
import { Type } from '@sinclair/typebox';
import { defineJobKind, doublingBackoff, type AnyJobKind, type JobSystem } from '@signet/jobs';

/** Validating a received file: one job per upload, queued in the transaction that records the file. */
export const PROCESS_UPLOAD = {
  name: 'upload.process-upload',
  payload: Type.Object({ uploadId: Type.String() })
};

/** Queues an upload's processing in `db` (the caller's transaction), at once or at `runAt` (Signet's clock). */
export type QueueProcessing = (db: Knex | Knex.Transaction, uploadId: string, runAt?: Date) => Promise<void>;

export function queueProcessing(jobs: JobSystem): QueueProcessing {
  return (db, uploadId, runAt) => jobs.enqueue(db, PROCESS_UPLOAD, { uploadId }, { key: uploadId, runAt });
}

export interface UploadJobHandlers {
  process(uploadId: string): Promise<void>;
  giveUp(uploadId: string, error: unknown): Promise<void>;
}

export function uploadJobKinds(handlers: UploadJobHandlers): AnyJobKind[] {
  return [
    defineJobKind({
      ...PROCESS_UPLOAD,
      // A fault of Signet's own (the blob store or the database out of reach): about an hour and a half of
      // retries before the upload is FAILED. Lack of PDF capacity is not a failure: it re-queues the job.
      maxAttempts: 12,
      backoffMs: doublingBackoff(5000, 15 * 60_000),
      // Longer than the PDF worker's own limits let one file take: a job held longer had a dead worker.
      leaseMs: 5 * 60_000,
      run: ({ uploadId }) => handlers.process(uploadId),
      onDeadLetter: ({ uploadId }, error) => handlers.giveUp(uploadId, error)
    })
  ];
}
