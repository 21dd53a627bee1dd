import type { Knex } from 'knex';
import type { EnvelopeDeps } from '../envelope-deps';
import type { EnvelopeAggregate, EnvelopeRow } from '../model';
import { reminderDueAt, warningDueAt } from './expiry-settings';

/**
 * What is timed for a sent envelope, queued in the transaction of the change that causes it: its expiry
 * (with the warning before it, unless that moment has already passed) and each recipient's reminders.
 */
export async function scheduleExpiry(deps: Pick<EnvelopeDeps, 'jobs'>, trx: Knex.Transaction, envelope: EnvelopeRow, expiresAt: Date, now: Date): Promise<void> {
  const warnAt = warningDueAt(envelope.settings, expiresAt);
  await deps.jobs.queueExpiry(trx, envelope.tenant_id, envelope.id, expiresAt, warnAt !== null && warnAt.getTime() > now.getTime() ? warnAt : null);
}

/** A recipient's turn began at `turnStartedAt`: their first reminder is queued (none with reminders.max 0). */
export async function startReminders(deps: Pick<EnvelopeDeps, 'jobs'>, trx: Knex.Transaction, envelope: EnvelopeRow, recipientId: string, turnStartedAt: Date): Promise<void> {
  const dueAt = reminderDueAt(envelope.settings, turnStartedAt, 1);
  if (dueAt !== null) await deps.jobs.queueReminder(trx, envelope.tenant_id, envelope.id, recipientId, 1, dueAt);
}

/** Completing, voiding, rejecting or expiring: nothing more is timed for the envelope. */
export async function cancelSchedule(deps: Pick<EnvelopeDeps, 'jobs'>, trx: Knex.Transaction, aggregate: EnvelopeAggregate): Promise<void> {
  await deps.jobs.cancelSchedule(trx, aggregate.envelope.id, aggregate.recipients.map((recipient) => recipient.id));
}
