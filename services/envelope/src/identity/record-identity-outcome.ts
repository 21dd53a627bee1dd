import { consumeOnce, type ConsumedEvent, PoisonEventError, type Subscription } from '@signet/bus';
import { IDENTITY_CHECKS, type EventType, type RecipientIdentitySummary, type RecipientPayload } from '@signet/contracts';
import type { EnvelopeDeps } from '../envelope-deps';

const CONSUMER = 'record-identity-outcome';

/** Every step of both identity checks, as the validation part publishes them. */
export const IDENTITY_OUTCOME_TOPICS: EventType[] = IDENTITY_CHECKS.flatMap((check) =>
  (['started', 'success', 'failed', 'locked', 'expired', 'reset'] as const).map((step) => `recipient.validation_${check}_${step}` as EventType));

/**
 * Each event type is a topic of its own, so a check's events may come in any order. The later one wins;
 * at the same instant (one transaction: a check started and decided at once) the decision wins over its start.
 */
function isLater(occurredAt: string, eventType: string, shownAt: string): boolean {
  if (occurredAt !== shownAt) return occurredAt > shownAt;
  return !eventType.endsWith('_started');
}

/**
 * Consumes the identity checks' events: each recipient keeps where their checks stand (status, method,
 * attempts left, when decided), so GET /api/v1/envelopes/:id shows it without asking the validation
 * part (internal calls go one way: envelope -> validation). Once per event.
 */
export function recordIdentityOutcomes(deps: Pick<EnvelopeDeps, 'db'>): Subscription {
  async function handle({ event, headers }: ConsumedEvent): Promise<void> {
    const data = event.data as RecipientPayload;
    const identity = data.identity;
    if (!identity) throw new PoisonEventError(`${event.event_type} without its identity details`);
    await consumeOnce(deps.db, CONSUMER, event.id, async (trx) => {
      const recipient = trx('recipients').where({ id: data.id, envelope_id: data.envelope_id })
        .whereIn('envelope_id', trx('envelopes').select('id').where({ tenant_id: headers.tenantId }));
      const row = (await recipient.clone().forUpdate().first('identity')) as { identity: RecipientIdentitySummary | null } | undefined;
      if (!row) return;
      const current = row.identity?.[identity.check];
      if (current && !isLater(headers.occurredAt, event.event_type, current.updated_at)) return;
      const summary = { status: identity.status, method: identity.method, attempts_left: identity.attempts_left, decided_at: identity.decided_at, updated_at: headers.occurredAt };
      await recipient.clone().update({ identity: JSON.stringify({ ...row.identity, [identity.check]: summary }) });
    });
  }
  return { groupId: 'signet.envelope.identity-outcomes', topics: IDENTITY_OUTCOME_TOPICS, handle };
}
