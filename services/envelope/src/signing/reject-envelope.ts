import { RejectRequest } from '@signet/contracts';
import { AppError, parseWith } from '@signet/http';
import type { Knex } from 'knex';
import type { EnvelopeDeps } from '../envelope-deps';
import { type RecipientEventExtra, type RecipientEventType, writeEnvelopeEvent, writeRecipientEvent } from '../envelope-events';
import { cancelSchedule } from '../expiry/expiry-schedule';
import type { EnvelopeAggregate } from '../model';
import { ENVELOPE_MACHINE } from '../state/envelope-machine';
import { RECIPIENT_MACHINE } from '../state/recipient-machine';
import type { SignerIdentity } from './signing-state';
import { loadSigningAccess, type SigningAccess } from './signing-access';
import { assertReady } from './signing-state';

export interface RejectInput {
  token: string;
  /** The signer's JSON body as it came: `{reason}`. */
  body: unknown;
  identity: SignerIdentity;
  requestId: string;
}

/**
 * POST /signing/v1/:token/reject (public): the recipient whose turn it is declines. Envelopes have no
 * DECLINED status, so the envelope becomes VOIDED (docs/decisions.md): recipient.rejected with the
 * reason, then envelope.voided; every link then shows REJECTED and can do nothing.
 */
export async function rejectEnvelope(deps: EnvelopeDeps, { token, body, identity, requestId }: RejectInput): Promise<void> {
  const reason = parseWith(RejectRequest, body ?? {}).reason.trim();
  const now = deps.clock();
  await deps.db.transaction(async (trx) => {
    const access = await loadSigningAccess(deps, trx, token, { forUpdate: true });
    await recordRejection(deps, trx, access, { reason, identity, requestId, now });
  });
  deps.relay.wake();
}

export interface Rejection {
  reason: string;
  identity: SignerIdentity;
  requestId: string;
  now: Date;
  /** An event of the recipient's that comes first and says why they declined (a withdrawn consent), with what it adds. */
  cause?: { eventType: RecipientEventType; extra: RecipientEventExtra };
}

/**
 * The rejection itself, in the caller's transaction with the envelope locked (`access` loaded for update):
 * only while it is the recipient's turn, never by a VIEWER; the recipient REJECTED, the envelope VOIDED,
 * its reminders and expiry cancelled, and the events (the cause, recipient.rejected, envelope.voided).
 */
export async function recordRejection(deps: EnvelopeDeps, trx: Knex.Transaction, access: SigningAccess, rejection: Rejection): Promise<void> {
  const { reason, identity, requestId, now } = rejection;
  assertReady(access);
  if (access.recipient.role === 'VIEWER') throw new AppError('CONFLICT', 'A VIEWER recipient only reads the envelope: there is nothing to reject');
  const { envelope } = access.aggregate;
  const recipientChanges = { status: RECIPIENT_MACHINE.next(access.recipient.status, 'reject'), rejected_at: now, rejection_reason: reason, updated_at: now };
  const rejected = { ...access.recipient, ...recipientChanges };
  await deps.store.updateRecipient(trx, rejected.id, recipientChanges);
  const envelopeChanges = { status: ENVELOPE_MACHINE.next(envelope.status, 'reject'), voided_at: now, updated_at: now };
  await deps.store.updateEnvelope(trx, envelope.id, envelopeChanges);
  const voided: EnvelopeAggregate = {
    ...access.aggregate,
    envelope: { ...envelope, ...envelopeChanges },
    recipients: access.aggregate.recipients.map((recipient) => (recipient.id === rejected.id ? rejected : recipient))
  };
  await cancelSchedule(deps, trx, voided);
  const actor = { tenantId: envelope.tenant_id, requestId };
  if (rejection.cause) await writeRecipientEvent(trx, rejection.cause.eventType, rejected, envelope.api_key_id, actor, now, { ...identity, ...rejection.cause.extra });
  await writeRecipientEvent(trx, 'recipient.rejected', rejected, envelope.api_key_id, actor, now, { reason, ...identity });
  await writeEnvelopeEvent(trx, 'envelope.voided', voided, deps.links, actor, now);
}
