import { newSecretToken, notFound, type RequestContext } from '@signet/http';
import type { Knex } from 'knex';
import type { EnvelopeDeps } from '../envelope-deps';
import { writeEnvelopeEvent, writeRecipientEvent } from '../envelope-events';
import type { EnvelopeAggregate, RecipientRow } from '../model';
import { signingLinkBase } from '../send-envelope';
import { ENVELOPE_MACHINE } from '../state/envelope-machine';
import { DONE_STATUSES } from '../state/recipient-machine';
import { scheduleExpiry, startReminders } from './expiry-schedule';
import { futureExpiry } from './expiry-settings';

export interface ExtendInput {
  context: RequestContext;
  envelopeId: string;
  /** ISO 8601, later than now; null: no expiry. */
  expiresAt: string | null;
}

/**
 * Reactivation: links of recipients who signed open again (they show ALREADY_SIGNED); those who had not
 * finished get fresh ones (`recipient.link_generated`), and those whose turn it is start a new turn, so
 * their reminders count again from now.
 */
async function reopenLinks(deps: EnvelopeDeps, trx: Knex.Transaction, aggregate: EnvelopeAggregate, context: RequestContext, now: Date): Promise<RecipientRow[]> {
  const { envelope } = aggregate;
  const linkBase = signingLinkBase(envelope.settings, deps.config.publicBaseUrl);
  const recipients: RecipientRow[] = [];
  for (const recipient of aggregate.recipients) {
    // Those who finished (signed, approved, witnessed, viewed, copied) keep their links, opened again.
    if (DONE_STATUSES.includes(recipient.status)) {
      await deps.store.updateRecipient(trx, recipient.id, { access_revoked_at: null });
      recipients.push({ ...recipient, access_revoked_at: null });
      continue;
    }
    const { token, hash } = newSecretToken();
    const link = `${linkBase}/sign/${token}`;
    const changes = { access_token_hash: hash, access_revoked_at: null, updated_at: now, ...(recipient.status === 'IN_PROGRESS' ? { turn_started_at: now } : {}) };
    await deps.store.updateRecipient(trx, recipient.id, changes);
    await deps.signingLinks.keep(trx, recipient.id, link, now);
    const reopened = { ...recipient, ...changes };
    await writeRecipientEvent(trx, 'recipient.link_generated', reopened, envelope.api_key_id, context, now, { signing_url: link });
    if (recipient.status === 'IN_PROGRESS') await startReminders(deps, trx, envelope, recipient.id, now);
    recipients.push(reopened);
  }
  return recipients;
}

/**
 * POST /api/v1/envelopes/:id/extend `{expires_at}`: moves or clears (null) an IN_PROGRESS envelope's expiry
 * (`envelope.extended`), or reactivates an EXPIRED one (`envelope.reactivated`, back to IN_PROGRESS with
 * fresh links and new invitations). The expiry job (and its warning) is queued again in the same
 * transaction, replacing the one queued before, or cancelled when the envelope no longer expires.
 */
export async function extendEnvelope(deps: EnvelopeDeps, { context, envelopeId, expiresAt: requested }: ExtendInput): Promise<EnvelopeAggregate> {
  const now = deps.clock();
  const expiresAt = requested === null ? null : futureExpiry(requested, now);
  const extended = await deps.db.transaction(async (trx) => {
    const aggregate = await deps.store.load(trx, context.tenantId, envelopeId, { forUpdate: true });
    if (!aggregate) throw notFound('Envelope');
    const reactivating = aggregate.envelope.status === 'EXPIRED';
    const status = ENVELOPE_MACHINE.next(aggregate.envelope.status, 'extend');
    const envelope = { ...aggregate.envelope, status, expires_at: expiresAt, updated_at: now };
    await deps.store.updateEnvelope(trx, envelopeId, { status, expires_at: expiresAt, updated_at: now });
    if (expiresAt === null) await deps.jobs.cancelExpiry(trx, envelopeId);
    else await scheduleExpiry(deps, trx, envelope, expiresAt, now);
    if (!reactivating) {
      const result = { ...aggregate, envelope };
      await writeEnvelopeEvent(trx, 'envelope.extended', result, deps.links, context, now);
      return result;
    }
    const recipients = await reopenLinks(deps, trx, { ...aggregate, envelope }, context, now);
    const result = { ...aggregate, envelope, recipients };
    await writeEnvelopeEvent(trx, 'envelope.reactivated', result, deps.links, context, now);
    return result;
  });
  deps.relay.wake();
  return extended;
}
