import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { WebhookEventType } from '@signet/contracts';
import type { AttemptRow, ClaimedDelivery, DeliveryRow, DeliveryStatus } from '../model';

export interface EventRow {
  id: string;
  event_type: WebhookEventType;
  tenant_id: string;
  api_key_id: string;
  body: string;
  created_at: Date;
}

/** Where a delivery goes after an attempt. */
export interface NextState {
  status: DeliveryStatus;
  next_attempt_at: Date | null;
  completed_at: Date | null;
}

export interface DeliveryFilter {
  status?: DeliveryStatus;
  eventType?: WebhookEventType;
  /** Deliveries older than this one (the last of the previous page). */
  before?: string;
  limit: number;
}

// PostgreSQL text cannot hold NUL, and a receiver's answer may contain anything.
const storable = (text: string | null): string | null => text?.replace(/\u0000/g, '') ?? null;

/** The deliveries, their attempts and the events they carry. */
export function deliveryStore(db: Knex) {
  return {
    /** Records the event and one PENDING delivery per webhook, due at once, in the caller's transaction. */
    async schedule(trx: Knex.Transaction, event: EventRow, webhookIds: string[], now: Date): Promise<void> {
      await trx('webhook_events').insert(event).onConflict('id').ignore();
      await trx('deliveries').insert(webhookIds.map((webhookId) => ({
        id: uuidv7(),
        webhook_id: webhookId,
        event_id: event.id,
        event_type: event.event_type,
        status: 'PENDING',
        attempts: 0,
        round_attempts: 0,
        next_attempt_at: now,
        created_at: now,
        updated_at: now
      }))).onConflict(['webhook_id', 'event_id']).ignore();
    },

    /**
     * Claims up to `limit` due deliveries for one worker until `leaseUntil`. SKIP LOCKED lets replicas
     * claim side by side without waiting on each other; a lease that runs out (its worker was killed)
     * makes the row due again.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
      const leaseToken = uuidv7();
      const result = await db.raw(`
        WITH due AS (
          SELECT id FROM deliveries
          WHERE status = 'PENDING' AND next_attempt_at <= :now AND (locked_until IS NULL OR locked_until <= :now)
          ORDER BY next_attempt_at
          LIMIT :limit
          FOR UPDATE SKIP LOCKED
        ), claimed AS (
          UPDATE deliveries SET locked_until = :leaseUntil, lease_token = :leaseToken
          FROM due WHERE deliveries.id = due.id
          RETURNING deliveries.id, deliveries.webhook_id, deliveries.event_id, deliveries.round_attempts, deliveries.lease_token
        )
        SELECT claimed.id, claimed.event_id, claimed.round_attempts, claimed.lease_token,
               webhooks.url, webhooks.auth, webhooks.signing_secret, webhooks.previous_signing_secret,
               webhooks.previous_secret_expires_at, webhooks.retry_schedule, webhook_events.body
        FROM claimed
        JOIN webhooks ON webhooks.id = claimed.webhook_id
        JOIN webhook_events ON webhook_events.id = claimed.event_id`, { now, leaseUntil, leaseToken, limit });
      return result.rows as ClaimedDelivery[];
    },

    /**
     * Records an attempt and moves the delivery on, if the claim is still this worker's. False when the
     * lease ran out and another worker took the delivery over: its attempt is the one that counts.
     */
    async recordAttempt(claim: ClaimedDelivery, attempt: Omit<AttemptRow, 'delivery_id' | 'attempt'>, next: NextState, now: Date): Promise<boolean> {
      return db.transaction(async (trx) => {
        const [updated] = await trx('deliveries')
          .where({ id: claim.id, lease_token: claim.lease_token })
          .update({
            ...next,
            attempts: trx.raw('attempts + 1'),
            round_attempts: trx.raw('round_attempts + 1'),
            locked_until: null,
            lease_token: null,
            updated_at: now
          })
          .returning('attempts');
        if (!updated) return false;
        await trx('delivery_attempts').insert({
          ...attempt,
          error: storable(attempt.error),
          response_body: storable(attempt.response_body),
          delivery_id: claim.id,
          attempt: updated.attempts
        });
        return true;
      });
    },

    /** A webhook's deliveries, newest first. */
    /**
     * A page of a webhook's deliveries with their attempts, read from one snapshot: an attempt a worker
     * records meanwhile shows in both or in neither (read apart, a delivery could show its new attempt
     * beside the due time it had before it).
     */
    listWithAttempts(webhookId: string, filter: DeliveryFilter): Promise<{ deliveries: DeliveryRow[]; attempts: AttemptRow[] }> {
      return db.transaction(async (trx) => {
        const query = trx('deliveries').where({ webhook_id: webhookId }).orderBy('id', 'desc').limit(filter.limit);
        if (filter.status) query.where({ status: filter.status });
        if (filter.eventType) query.where({ event_type: filter.eventType });
        if (filter.before) query.where('id', '<', filter.before);
        const deliveries: DeliveryRow[] = await query;
        const attempts: AttemptRow[] = await trx('delivery_attempts').whereIn('delivery_id', deliveries.map((row) => row.id)).orderBy(['delivery_id', 'attempt']);
        return { deliveries, attempts };
      }, { isolationLevel: 'repeatable read', readOnly: true });
    },

    find(webhookId: string, id: string): Promise<DeliveryRow | undefined> {
      return db('deliveries').where({ webhook_id: webhookId, id }).first();
    },

    attemptsOf(deliveryIds: string[]): Promise<AttemptRow[]> {
      return db('delivery_attempts').whereIn('delivery_id', deliveryIds).orderBy(['delivery_id', 'attempt']);
    },

    /** Starts a new round of attempts, due at once; undefined when the delivery is still PENDING. */
    async redeliver(webhookId: string, id: string, now: Date): Promise<DeliveryRow | undefined> {
      const [row] = await db('deliveries')
        .where({ webhook_id: webhookId, id })
        .whereNot({ status: 'PENDING' })
        .update({ status: 'PENDING', round_attempts: 0, next_attempt_at: now, completed_at: null, updated_at: now })
        .returning('*');
      return row;
    },

    /** Forgets finished deliveries (and events no delivery needs) older than `cutoff`, and the inbox with them. */
    async prune(cutoff: Date, consumer: string): Promise<void> {
      await db('deliveries').whereNot({ status: 'PENDING' }).where('completed_at', '<', cutoff).delete();
      await db('webhook_events').where('created_at', '<', cutoff)
        .whereNotExists(db('deliveries').select(db.raw('1')).whereRaw('deliveries.event_id = webhook_events.id'))
        .delete();
      await db('inbox').where({ consumer }).where('processed_at', '<', cutoff).delete();
    }
  };
}

export type DeliveryStore = ReturnType<typeof deliveryStore>;
