import type { EnvelopeDeps } from '../envelope-deps';
import { writeRecipientEvent } from '../envelope-events';
import { ENVELOPE_MACHINE } from '../state/envelope-machine';
import { awaitsAction } from '../signing/signing-state';
import { jobActor } from './expire-envelope';

/**
 * The warning job (envelope.warn-of-expiry, expiry_warning_days before expires_at): each recipient whose
 * turn it is gets `recipient.expiry_warning_sent` (and its email). Nothing when the envelope is no longer
 * IN_PROGRESS or no longer expires (a job left from before an extension is replaced, not run).
 */
export async function warnOfExpiry(deps: EnvelopeDeps, tenantId: string, envelopeId: string): Promise<void> {
  const now = deps.clock();
  const warned = await deps.db.transaction(async (trx) => {
    const aggregate = await deps.store.load(trx, tenantId, envelopeId, { forUpdate: true });
    if (!aggregate || !ENVELOPE_MACHINE.allows(aggregate.envelope.status, 'expire')) return false;
    const expiresAt = aggregate.envelope.expires_at ?? null;
    if (expiresAt === null || expiresAt.getTime() <= now.getTime()) return false;
    const waiting = aggregate.recipients.filter((recipient) => awaitsAction(aggregate, recipient));
    for (const recipient of waiting) {
      await writeRecipientEvent(trx, 'recipient.expiry_warning_sent', recipient, aggregate.envelope.api_key_id, jobActor(tenantId), now, { expires_at: expiresAt.toISOString() });
    }
    return waiting.length > 0;
  });
  if (warned) deps.relay.wake();
}
