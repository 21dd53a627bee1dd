import type { EnvelopeDeps } from '../envelope-deps';
import { writeEnvelopeEvent } from '../envelope-events';
import { ENVELOPE_MACHINE } from '../state/envelope-machine';
import { isSettled } from '../state/recipient-machine';
import { cancelSchedule } from './expiry-schedule';

/** Who a job acts for: no API call, no request. */
export const jobActor = (tenantId: string) => ({ tenantId, requestId: null });

/**
 * The expiry job (envelope.expire-envelope, at expires_at): an IN_PROGRESS envelope that has reached its
 * expires_at unsigned becomes EXPIRED, every signing link stops working and its reminders go, in one
 * transaction. A job that finds it otherwise (completed, voided, extended to later, every signature
 * in) does nothing, so a late or repeated job is harmless.
 */
export async function expireEnvelope(deps: EnvelopeDeps, tenantId: string, envelopeId: string): Promise<void> {
  const now = deps.clock();
  const expired = await deps.db.transaction(async (trx) => {
    const aggregate = await deps.store.load(trx, tenantId, envelopeId, { forUpdate: true });
    if (!aggregate || !ENVELOPE_MACHINE.allows(aggregate.envelope.status, 'expire')) return false;
    const expiresAt = aggregate.envelope.expires_at ?? null;
    if (expiresAt === null || expiresAt.getTime() > now.getTime()) return false;
    if (aggregate.recipients.every(isSettled)) return false;
    const status = ENVELOPE_MACHINE.next(aggregate.envelope.status, 'expire');
    await deps.store.revokeAccess(trx, envelopeId, now);
    await deps.store.updateEnvelope(trx, envelopeId, { status, updated_at: now });
    await cancelSchedule(deps, trx, aggregate);
    const result = {
      ...aggregate,
      envelope: { ...aggregate.envelope, status, updated_at: now },
      recipients: aggregate.recipients.map((recipient) => ({ ...recipient, access_revoked_at: recipient.access_revoked_at ?? now }))
    };
    await writeEnvelopeEvent(trx, 'envelope.expired', result, deps.links, jobActor(tenantId), now);
    return true;
  });
  if (expired) deps.relay.wake();
}
