import type { EnvelopeDeps } from '../envelope-deps';
import { writeRecipientEvent } from '../envelope-events';
import { RECIPIENT_MACHINE } from '../state/recipient-machine';
import { loadSigningAccess } from './signing-access';

/**
 * A VIEWER's part is done once they open their session while it is their turn: VIEWED and
 * recipient.viewed, once (a second look changes nothing). Viewers never hold up completion, so nothing
 * else follows from it.
 */
export async function recordView(deps: EnvelopeDeps, token: string, requestId: string): Promise<void> {
  const now = deps.clock();
  const recorded = await deps.db.transaction(async (trx) => {
    const access = await loadSigningAccess(deps, trx, token, { forUpdate: true });
    const { recipient, aggregate } = access;
    if (recipient.role !== 'VIEWER' || access.state !== 'READY' || !RECIPIENT_MACHINE.allows(recipient.status, 'view')) return false;
    const changes = { status: RECIPIENT_MACHINE.next(recipient.status, 'view'), signed_at: now, updated_at: now };
    await deps.store.updateRecipient(trx, recipient.id, changes);
    await writeRecipientEvent(trx, 'recipient.viewed', { ...recipient, ...changes }, aggregate.envelope.api_key_id, { tenantId: aggregate.envelope.tenant_id, requestId }, now);
    return true;
  });
  if (recorded) deps.relay.wake();
}
