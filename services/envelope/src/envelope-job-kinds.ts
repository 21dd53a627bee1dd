import { defineJobKind, defineRecurringJob, doublingBackoff, type AnyJobKind, type JobSystem } from '@signet/jobs';
import type { Logger } from '@signet/log';
import type { BatchDeps } from './batches/batch-deps';
import { giveUpBatchItem, runBatchStep } from './batches/run-batch';
import { completeEnvelope } from './completion/complete-envelope';
import { pruneCreateRequests } from './create-requests';
import { deliverLifecycleMail, giveUpLifecycleMail } from './emails/deliver-lifecycle-mail';
import type { EmailDeps } from './emails/email-deps';
import { COMPLETE_ENVELOPE, EXPIRE_ENVELOPE, REMIND_RECIPIENT, RENEW_ARCHIVE_TIMESTAMP, RUN_BATCH, SEND_LIFECYCLE_MAIL, START_MIGRATED_REMINDERS, WARN_OF_EXPIRY } from './envelope-jobs';
import { expireEnvelope } from './expiry/expire-envelope';
import { sendScheduledReminder } from './expiry/remind-recipient';
import { startMigratedReminders } from './expiry/start-migrated-reminders';
import { warnOfExpiry } from './expiry/warn-of-expiry';
import { renewArchiveTimestamp, type ArchiveRenewerDeps } from './seal/archive-renewer';

const MINUTE_MS = 60_000;
/** Idempotency-Keys of creates older than a day are forgotten; this often their rows are deleted. */
const PRUNE_CREATE_REQUESTS_EVERY_MS = 60 * MINUTE_MS;
/** Plan-limit windows are an hour and a day: counters older than two days count for nothing. */
const COUNTER_RETENTION_MS = 2 * 24 * 60 * MINUTE_MS;

/** One short transaction each; a database hiccup is retried for about an hour. */
const TIMED = { maxAttempts: 10, backoffMs: doublingBackoff(5000, 15 * MINUTE_MS), leaseMs: 2 * MINUTE_MS };

export interface EnvelopeJobDeps {
  emails: EmailDeps;
  batches: BatchDeps;
  renewer: ArchiveRenewerDeps;
  log: Logger;
}

/** The envelope part's job kinds, thin adapters over its use cases, registered with the process's job system. */
export function registerEnvelopeJobs(jobs: JobSystem, { emails: deps, batches, renewer, log }: EnvelopeJobDeps): void {
  const kinds: AnyJobKind[] = [
    defineJobKind({
      ...COMPLETE_ENVELOPE,
      // Sealing may wait on a TSA and a revocation responder: generous lease, a few retries over an hour.
      maxAttempts: 8,
      backoffMs: doublingBackoff(5000, 15 * MINUTE_MS),
      leaseMs: 10 * MINUTE_MS,
      run: ({ tenantId, envelopeId }) => completeEnvelope(deps, tenantId, envelopeId, { log })
    }),
    defineJobKind({
      ...RENEW_ARCHIVE_TIMESTAMP,
      // Due weeks before the TSA certificate expires: there is time to retry for a day and more.
      maxAttempts: 12,
      backoffMs: doublingBackoff(MINUTE_MS, 6 * 60 * MINUTE_MS),
      leaseMs: 10 * MINUTE_MS,
      run: ({ documentId }) => renewArchiveTimestamp(renewer, documentId)
    }),
    defineJobKind({
      ...SEND_LIFECYCLE_MAIL,
      // 5 s, doubling to 5 minutes: about 45 minutes of a mail server's trouble before the mail is dropped.
      maxAttempts: 12,
      backoffMs: doublingBackoff(5000, 5 * MINUTE_MS),
      // Longer than the SMTP mailer's own timeouts allow a send to take.
      leaseMs: 2 * MINUTE_MS,
      run: ({ mailId }) => deliverLifecycleMail(deps, mailId),
      onDeadLetter: ({ mailId }, error) => giveUpLifecycleMail(deps, mailId, error)
    }),
    defineJobKind({
      ...RUN_BATCH,
      // A part an item needs out of reach: about an hour of retries, then that item fails alone.
      maxAttempts: 10,
      backoffMs: doublingBackoff(5000, 15 * MINUTE_MS),
      // One item: a create with its documents, a send or a void.
      leaseMs: 5 * MINUTE_MS,
      run: ({ batchId }) => runBatchStep(batches, batchId),
      onDeadLetter: ({ batchId }) => giveUpBatchItem(batches, batchId)
    }),
    // The timed work of expiry and reminders: each re-checks the envelope under its lock, so a late run does nothing.
    defineJobKind({ ...EXPIRE_ENVELOPE, ...TIMED, run: ({ tenantId, envelopeId }) => expireEnvelope(deps, tenantId, envelopeId) }),
    defineJobKind({ ...WARN_OF_EXPIRY, ...TIMED, run: ({ tenantId, envelopeId }) => warnOfExpiry(deps, tenantId, envelopeId) }),
    defineJobKind({ ...REMIND_RECIPIENT, ...TIMED, run: (reminder) => sendScheduledReminder(deps, reminder) }),
    defineJobKind({
      ...START_MIGRATED_REMINDERS,
      // It asks the settings part, which an upgrade may bring up after this one: retries for about 20 hours.
      maxAttempts: 12,
      backoffMs: doublingBackoff(MINUTE_MS, 6 * 60 * MINUTE_MS),
      leaseMs: 2 * MINUTE_MS,
      run: (migrated) => startMigratedReminders(deps, migrated)
    })
  ];
  jobs.register(...kinds);
  jobs.every(defineRecurringJob('envelope.prune-create-requests', 10 * MINUTE_MS, async () => {
    await pruneCreateRequests(deps.db, deps.clock());
    await deps.limits.pruneBefore(new Date(deps.clock().getTime() - COUNTER_RETENTION_MS));
  }), PRUNE_CREATE_REQUESTS_EVERY_MS);
}
