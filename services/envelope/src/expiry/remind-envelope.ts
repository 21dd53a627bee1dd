import { notFound, type RequestContext } from '@signet/http';
import type { EnvelopeDeps } from '../envelope-deps';
import { canBeReminded, notRemindable, remindNow } from './remind-recipient';

/**
 * A batch's remind item: every recipient whose turn it is gets the reminder the remind route sends, under
 * its rules and hourly limit. All or none: one recipient's refusal (429) is the envelope's answer, and
 * an envelope where it is nobody's turn (not IN_PROGRESS, say) is 409.
 */
export async function remindEnvelope(deps: EnvelopeDeps, { context, envelopeId }: { context: RequestContext; envelopeId: string }): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (trx) => {
    const aggregate = await deps.store.load(trx, context.tenantId, envelopeId, { forUpdate: true });
    if (!aggregate) throw notFound('Envelope');
    const waiting = aggregate.recipients.filter((recipient) => canBeReminded(aggregate, recipient, now));
    if (waiting.length === 0) throw notRemindable(aggregate);
    for (const recipient of waiting) await remindNow(deps, trx, aggregate, recipient, context, now);
  });
  deps.relay.wake();
}
