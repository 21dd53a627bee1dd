import { notFound, RequestContext } from '@signet/http';
import type { EnvelopeDeps } from './envelope-deps';
import { writeEnvelopeEvent } from './envelope-events';
import { cancelSchedule } from './expiry/expiry-schedule';
import type { EnvelopeAggregate } from './model';
import { ENVELOPE_MACHINE } from './state/envelope-machine';

export interface VoidInput {
  context: RequestContext;
  envelopeId: string;
  /** The sender's reason, already checked (1-500 characters once trimmed); kept trimmed. */
  reason?: string;
}

/**
 * PUT /api/v1/envelopes/:id/void (and a batch's void item): voids an envelope in any state but SUCCESS, irreversibly; every signing link stops working in the same
 * transaction, and what was timed for it (expiry, reminders) is cancelled. The reason, if any, is kept on
 * the envelope and carried by envelope.voided. Voiding a VOIDED envelope again changes nothing (not even
 * its reason) and publishes nothing.
 */
export async function voidEnvelope(deps: EnvelopeDeps, { context, envelopeId, reason }: VoidInput): Promise<EnvelopeAggregate> {
  const voidReason = reason?.trim() ?? null;
  const now = deps.clock();
  const voided: EnvelopeAggregate = await deps.db.transaction(async (trx) => {
    const aggregate = await deps.store.load(trx, context.tenantId, envelopeId, { forUpdate: true });
    if (!aggregate) throw notFound('Envelope');
    const status = ENVELOPE_MACHINE.next(aggregate.envelope.status, 'void');
    if (status === aggregate.envelope.status) return aggregate;
    await deps.store.revokeAccess(trx, aggregate.envelope.id, now);
    await cancelSchedule(deps, trx, aggregate);
    await deps.store.updateEnvelope(trx, aggregate.envelope.id, { status, voided_at: now, void_reason: voidReason, updated_at: now });
    const result = {
      ...aggregate,
      envelope: { ...aggregate.envelope, status, voided_at: now, void_reason: voidReason, updated_at: now },
      recipients: aggregate.recipients.map((recipient) => ({ ...recipient, access_revoked_at: recipient.access_revoked_at ?? now }))
    };
    await writeEnvelopeEvent(trx, 'envelope.voided', result, deps.links, context, now);
    return result;
  });
  deps.relay.wake();
  return voided;
}
