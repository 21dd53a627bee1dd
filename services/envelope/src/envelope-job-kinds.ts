import { defineJobKind, defineRecurringJob, doublingBackoff, type AnyJobKind } from '@signet/jobs';
import { COMPLETE_ENVELOPE, EXPIRE_ENVELOPE, REMIND_RECIPIENT, RENEW_ARCHIVE_TIMESTAMP, RUN_BATCH, SEND_LIFECYCLE_MAIL, WARN_OF_EXPIRY } from './envelope-jobs';
import type { ScheduledReminder } from './expiry/remind-recipient';
import { renewArchiveTimestamp, type ArchiveRenewerDeps } from './seal/archive-renewer';

const MINUTE_MS = 60_000;

export interface EnvelopeJobHandlers {
  complete(tenantId: string, envelopeId: string): Promise<void>;
  renewer: ArchiveRenewerDeps;
  sendLifecycleMail(mailId: string): Promise<void>;
  giveUpLifecycleMail(mailId: string, error: unknown): Promise<void>;
  pruneCreateRequests(): Promise<void>;
  runBatch(batchId: string): Promise<void>;
  giveUpBatchItem(batchId: string): Promise<void>;
  expire(tenantId: string, envelopeId: string): Promise<void>;
  warnOfExpiry(tenantId: string, envelopeId: string): Promise<void>;
  remind(reminder: ScheduledReminder): Promise<void>;
}

/** One short transaction each; a database hiccup is retried for about an hour. */
const TIMED = { maxAttempts: 10, backoffMs: doublingBackoff(5000, 15 * MINUTE_MS), leaseMs: 2 * MINUTE_MS };

/** Idempotency-Keys of creates older than a day are forgotten; this often their rows are deleted. */
export const PRUNE_CREATE_REQUESTS_EVERY_MS = 3_600_000;

export function pruneCreateRequestsJob(handlers: EnvelopeJobHandlers): AnyJobKind {
  return defineRecurringJob('envelope.prune-create-requests', 10 * MINUTE_MS, () => handlers.pruneCreateRequests());
}

/** The envelope part's job kinds: thin adapters over its use cases. */
export function envelopeJobKinds(handlers: EnvelopeJobHandlers): AnyJobKind[] {
  return [
    defineJobKind({
      ...COMPLETE_ENVELOPE,
      // Sealing may wait on a TSA and a revocation responder: generous lease, a few retries over an hour.
      maxAttempts: 8,
      backoffMs: doublingBackoff(5000, 15 * MINUTE_MS),
      leaseMs: 10 * MINUTE_MS,
      run: ({ tenantId, envelopeId }) => handlers.complete(tenantId, envelopeId)
    }),
    defineJobKind({
      ...RENEW_ARCHIVE_TIMESTAMP,
      // Due weeks before the TSA certificate expires: there is time to retry for a day and more.
      maxAttempts: 12,
      backoffMs: doublingBackoff(MINUTE_MS, 6 * 60 * MINUTE_MS),
      leaseMs: 10 * MINUTE_MS,
      run: ({ documentId }) => renewArchiveTimestamp(handlers.renewer, documentId)
    }),
    defineJobKind({
      ...SEND_LIFECYCLE_MAIL,
      // 5 s, doubling to 5 minutes: about 45 minutes of a mail server's trouble before the mail is dropped.
      maxAttempts: 12,
      backoffMs: doublingBackoff(5000, 5 * MINUTE_MS),
      // Longer than the SMTP mailer's own timeouts allow a send to take.
      leaseMs: 2 * MINUTE_MS,
      run: ({ mailId }) => handlers.sendLifecycleMail(mailId),
      onDeadLetter: ({ mailId }, error) => handlers.giveUpLifecycleMail(mailId, error)
    }),
    defineJobKind({
      ...RUN_BATCH,
      // A part an item needs out of reach: about an hour of retries, then that item fails alone.
      maxAttempts: 10,
      backoffMs: doublingBackoff(5000, 15 * MINUTE_MS),
      // One item: a create with its documents, a send or a void.
      leaseMs: 5 * MINUTE_MS,
      run: ({ batchId }) => handlers.runBatch(batchId),
      onDeadLetter: ({ batchId }) => handlers.giveUpBatchItem(batchId)
    }),
    // The timed work of expiry and reminders: each re-checks the envelope under its lock, so a late run does nothing.
    defineJobKind({ ...EXPIRE_ENVELOPE, ...TIMED, run: ({ tenantId, envelopeId }) => handlers.expire(tenantId, envelopeId) }),
    defineJobKind({ ...WARN_OF_EXPIRY, ...TIMED, run: ({ tenantId, envelopeId }) => handlers.warnOfExpiry(tenantId, envelopeId) }),
    defineJobKind({ ...REMIND_RECIPIENT, ...TIMED, run: (payload) => handlers.remind(payload) })
  ];
}
