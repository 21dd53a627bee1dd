import { consumeOnce, type ConsumedEvent, PoisonEventError, type Subscription } from '@signet/bus';
import { IDENTITY_CHECKS, type EventType, type RecipientPayload } from '@signet/contracts';
import type { EnvelopeDeps } from '../envelope-deps';

const CONSUMER = 'record-identity-outcome';

/** Every step of both identity checks, as the validation part publishes them. */
export const IDENTITY_OUTCOME_TOPICS: EventType[] = IDENTITY_CHECKS.flatMap((check) =>
  (['started', 'success', 'failed', 'locked', 'expired', 'reset'] as const).map((step) => `recipient.validation_${check}_${step}` as EventType));

/**
 * Consumes the identity checks' events: each recipient keeps where their checks stand (status, method,
 * attempts left, when decided), so GET /api/v1/envelopes/:id shows it without asking the validation
 * part (internal calls go one way: envelope -> validation). Once per event; the envelope's key keeps them
 * in order.
 */
export function recordIdentityOutcomes(deps: Pick<EnvelopeDeps, 'db'>): Subscription {
  async function handle({ event, headers }: ConsumedEvent): Promise<void> {
    const data = event.data as RecipientPayload;
    const identity = data.identity;
    if (!identity) throw new PoisonEventError(`${event.event_type} without its identity details`);
    await consumeOnce(deps.db, CONSUMER, event.id, async (trx) => {
      const summary = { status: identity.status, method: identity.method, attempts_left: identity.attempts_left, decided_at: identity.decided_at, updated_at: headers.occurredAt };
      await trx('recipients')
        .where({ id: data.id, envelope_id: data.envelope_id })
        .whereIn('envelope_id', trx('envelopes').select('id').where({ tenant_id: headers.tenantId }))
        .update({ identity: trx.raw("jsonb_set(coalesce(identity, '{}'::jsonb), ?::text[], ?::jsonb)", [`{${identity.check}}`, JSON.stringify(summary)]) });
    });
  }
  return { groupId: 'signet.envelope.identity-outcomes', topics: IDENTITY_OUTCOME_TOPICS, handle };
}
