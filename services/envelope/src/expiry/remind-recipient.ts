import type { Knex } from 'knex';
import { AppError, notFound, type RequestContext } from '@signet/http';
import type { EnvelopeDeps } from '../envelope-deps';
import { writeRecipientEvent } from '../envelope-events';
import type { EnvelopeAggregate, RecipientRow } from '../model';
import { awaitsAction } from '../signing/signing-state';
import { jobActor } from './expire-envelope';
import { reminderDueAt } from './expiry-settings';

/** One reminder over the API per recipient per hour of Signet's clock. */
export const MANUAL_REMINDER_INTERVAL_MS = 3_600_000;

/** A reminder goes only to a recipient whose turn it is, on an IN_PROGRESS envelope that has not expired. */
export function canBeReminded(aggregate: EnvelopeAggregate, recipient: RecipientRow, now: Date): boolean {
  const expiresAt = aggregate.envelope.expires_at ?? null;
  return awaitsAction(aggregate, recipient)
    && (expiresAt === null || expiresAt.getTime() > now.getTime());
}

export interface ScheduledReminder {
  tenantId: string;
  envelopeId: string;
  recipientId: string;
  number: number;
}

/**
 * The reminder job (envelope.remind-recipient, key: the recipient): reminder `number` of the recipient's
 * turn, `recipient.reminder_sent` (and its email), and the next one queued up to reminders.max, all in
 * one transaction. A recipient who has finished, or an envelope no longer IN_PROGRESS, gets nothing; so
 * does a witness whose signer has not signed yet, whose reminders that signature starts again.
 */
export async function sendScheduledReminder(deps: EnvelopeDeps, { tenantId, envelopeId, recipientId, number }: ScheduledReminder): Promise<void> {
  const now = deps.clock();
  const sent = await deps.db.transaction(async (trx) => {
    const aggregate = await deps.store.load(trx, tenantId, envelopeId, { forUpdate: true });
    const recipient = aggregate?.recipients.find((candidate) => candidate.id === recipientId);
    if (!aggregate || !recipient || !canBeReminded(aggregate, recipient, now)) return false;
    const { envelope } = aggregate;
    await writeRecipientEvent(trx, 'recipient.reminder_sent', recipient, envelope.api_key_id, jobActor(tenantId), now, { number });
    const nextAt = reminderDueAt(envelope.settings, recipient.turn_started_at ?? now, number + 1);
    if (nextAt !== null) await deps.jobs.queueReminder(trx, tenantId, envelopeId, recipientId, number + 1, nextAt);
    return true;
  });
  if (sent) deps.relay.wake();
}

export interface ManualReminder {
  context: RequestContext;
  envelopeId: string;
  recipientId: string;
}

/** The 409 of a reminder nobody can receive now. */
export function notRemindable(aggregate: EnvelopeAggregate, recipient?: RecipientRow): AppError {
  const whose = recipient ? `, the recipient ${recipient.status}` : ' and it is nobody\'s turn';
  return new AppError('CONFLICT', `Only a recipient whose turn it is on an IN_PROGRESS envelope can be reminded (the envelope is ${aggregate.envelope.status}${whose})`);
}

/**
 * A reminder over the API to one recipient of the envelope locked in `trx`, as the remind route sends it:
 * 409 unless it is their turn, 429 (with Retry-After) within an hour of the last; `number` null, and
 * neither counted toward reminders.max nor moving the schedule.
 */
export async function remindNow(deps: EnvelopeDeps, trx: Knex.Transaction, aggregate: EnvelopeAggregate, recipient: RecipientRow, context: RequestContext, now: Date): Promise<void> {
  if (!canBeReminded(aggregate, recipient, now)) throw notRemindable(aggregate, recipient);
  const last = recipient.last_manual_reminder_at ?? null;
  const waitMs = last === null ? 0 : last.getTime() + MANUAL_REMINDER_INTERVAL_MS - now.getTime();
  if (waitMs > 0) {
    throw new AppError('RATE_LIMITED', 'This recipient was reminded less than an hour ago', undefined, { 'Retry-After': String(Math.ceil(waitMs / 1000)) });
  }
  await deps.store.updateRecipient(trx, recipient.id, { last_manual_reminder_at: now });
  await writeRecipientEvent(trx, 'recipient.reminder_sent', recipient, aggregate.envelope.api_key_id, context, now, { number: null });
}

/** POST /api/v1/envelopes/:id/recipients/:recipient_id/remind: a reminder now, once an hour per recipient. */
export async function remindRecipient(deps: EnvelopeDeps, { context, envelopeId, recipientId }: ManualReminder): Promise<Date> {
  const now = deps.clock();
  await deps.db.transaction(async (trx) => {
    const aggregate = await deps.store.load(trx, context.tenantId, envelopeId, { forUpdate: true });
    if (!aggregate) throw notFound('Envelope');
    const recipient = aggregate.recipients.find((candidate) => candidate.id === recipientId);
    if (!recipient) throw notFound('Recipient');
    await remindNow(deps, trx, aggregate, recipient, context, now);
  });
  deps.relay.wake();
  return now;
}
