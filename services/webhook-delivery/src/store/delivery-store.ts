import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { WebhookEventType } from '@signet/contracts';
import { prepared } from '@signet/db';
import { queuedPayloads } from '@signet/jobs';
import { DELIVER_WEBHOOK, type DeliveryAttempt, type QueueAttempt } from '../jobs/delivery-jobs';
import type { AttemptRow, DeliveryRow, DeliveryStatus, DeliveryTarget, ListedDelivery } from '../model';

export interface EventRow {
  id: string;
  event_type: WebhookEventType;
  tenant_id: string;
  api_key_id: string;
  body: string;
  created_at: Date;
}

/** Where a delivery goes after an attempt: its status, and its next attempt while it stays PENDING. */
export interface NextState {
  status: DeliveryStatus;
  completed_at: Date | null;
  next: DeliveryAttempt | null;
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

/** A PENDING delivery's next attempt is its queued job's due time: the job is the one place it is kept. */
async function withNextAttempts(trx: Knex.Transaction, rows: DeliveryRow[]): Promise<ListedDelivery[]> {
  const pending = rows.filter((row) => row.status === 'PENDING').map((row) => row.id);
  const queued = await queuedPayloads(trx, DELIVER_WEBHOOK, pending);
  return rows.map((row) => {
    const next = queued.get(row.id);
    return { ...row, next_attempt_at: next ? new Date(next.dueAt) : null };
  });
}

/**
 * Records an attempt under its number and moves its delivery on, in one statement: nothing when the
 * delivery is no longer PENDING or the attempt is already recorded (a row comes back only when it was).
 */
const RECORD_ATTEMPT = `WITH delivery AS (
    SELECT id FROM deliveries WHERE id = ? AND status = 'PENDING' FOR UPDATE
  ), inserted AS (
    INSERT INTO delivery_attempts (delivery_id, attempt, attempted_at, duration_ms, status_code, error, response_body)
    SELECT id, ?, ?, ?, ?, ?, ? FROM delivery
    ON CONFLICT (delivery_id, attempt) DO NOTHING RETURNING delivery_id
  )
  UPDATE deliveries SET status = ?, completed_at = ?, updated_at = ? FROM inserted WHERE deliveries.id = inserted.delivery_id RETURNING deliveries.id`;

/** The deliveries, their attempts and the events they carry. */
export function deliveryStore(db: Knex) {
  return {
    /**
     * Records the event and one PENDING delivery per webhook, each with its first attempt queued, due at
     * once, in the caller's transaction.
     */
    async schedule(trx: Knex.Transaction, event: EventRow, webhookIds: string[], now: Date, queue: QueueAttempt): Promise<void> {
      await trx('webhook_events').insert(event).onConflict('id').ignore();
      const inserted: Array<{ id: string }> = await trx('deliveries').insert(webhookIds.map((webhookId) => ({
        id: uuidv7(),
        webhook_id: webhookId,
        event_id: event.id,
        event_type: event.event_type,
        status: 'PENDING',
        created_at: now,
        updated_at: now
      }))).onConflict(['webhook_id', 'event_id']).ignore().returning('id');
      for (const { id } of inserted) await queue(trx, { deliveryId: id, attempt: 1, roundAttempt: 1, dueAt: now.toISOString() });
    },

    /** What an attempt of a PENDING delivery needs; undefined once it is finished or deleted. */
    async targetOf(deliveryId: string): Promise<DeliveryTarget | undefined> {
      return db('deliveries')
        .join('webhooks', 'webhooks.id', 'deliveries.webhook_id')
        .join('webhook_events', 'webhook_events.id', 'deliveries.event_id')
        .where({ 'deliveries.id': deliveryId, 'deliveries.status': 'PENDING' })
        .first(
          'deliveries.id', 'deliveries.event_id', 'webhooks.url', 'webhooks.auth', 'webhooks.signing_secret', 'webhooks.previous_signing_secret',
          'webhooks.previous_secret_expires_at', 'webhooks.retry_schedule', 'webhook_events.body'
        );
    },

    /**
     * Records an attempt under its number and moves the delivery on, queuing its next attempt in the same
     * transaction while it stays PENDING. False when the delivery is no longer PENDING (deleted with
     * its webhook) or this attempt is already recorded: a worker whose job was released as abandoned and
     * run again by another made the same attempt, and the one recorded first counts.
     */
    async recordAttempt(attempt: DeliveryAttempt, row: Omit<AttemptRow, 'delivery_id' | 'attempt'>, next: NextState, now: Date, queue: QueueAttempt): Promise<boolean> {
      const record = async (runner: Knex | Knex.Transaction): Promise<boolean> => {
        const result = await prepared('delivery_record_attempt', runner.raw(RECORD_ATTEMPT, [
          attempt.deliveryId, attempt.attempt, row.attempted_at, row.duration_ms, row.status_code, storable(row.error), storable(row.response_body),
          next.status, next.completed_at, now
        ]));
        return result.rows.length > 0;
      };
      // The last attempt of a delivery is one statement; one that leaves it PENDING queues the next beside it.
      const { next: following } = next;
      if (!following) return record(db);
      return db.transaction(async (trx) => {
        const recorded = await record(trx);
        if (recorded) await queue(trx, following);
        return recorded;
      });
    },

    /** The delivery ends FAILED without a recorded attempt (its job gave up); false when it was no longer PENDING. */
    async giveUp(deliveryId: string, now: Date): Promise<boolean> {
      const updated = await db('deliveries').where({ id: deliveryId, status: 'PENDING' }).update({ status: 'FAILED', completed_at: now, updated_at: now });
      return updated > 0;
    },

    /**
     * A page of a webhook's deliveries with their attempts, read from one snapshot: an attempt a worker
     * records meanwhile shows in both or in neither (read apart, a delivery could show its new attempt
     * beside the due time it had before it).
     */
    listWithAttempts(webhookId: string, filter: DeliveryFilter): Promise<{ deliveries: ListedDelivery[]; attempts: AttemptRow[] }> {
      return db.transaction(async (trx) => {
        const query = trx('deliveries').where({ webhook_id: webhookId }).orderBy('id', 'desc').limit(filter.limit);
        if (filter.status) query.where({ status: filter.status });
        if (filter.eventType) query.where({ event_type: filter.eventType });
        if (filter.before) query.where('id', '<', filter.before);
        const deliveries: DeliveryRow[] = await query;
        const attempts: AttemptRow[] = await trx('delivery_attempts').whereIn('delivery_id', deliveries.map((row) => row.id)).orderBy(['delivery_id', 'attempt']);
        return { deliveries: await withNextAttempts(trx, deliveries), attempts };
      }, { isolationLevel: 'repeatable read', readOnly: true });
    },

    find(webhookId: string, id: string): Promise<DeliveryRow | undefined> {
      return db('deliveries').where({ webhook_id: webhookId, id }).first();
    },

    attemptsOf(deliveryIds: string[]): Promise<AttemptRow[]> {
      return db('delivery_attempts').whereIn('delivery_id', deliveryIds).orderBy(['delivery_id', 'attempt']);
    },

    /** Starts a new round of attempts, its first queued due at once; undefined when the delivery is still PENDING. */
    async redeliver(webhookId: string, id: string, now: Date, queue: QueueAttempt): Promise<ListedDelivery | undefined> {
      return db.transaction(async (trx) => {
        const [row]: DeliveryRow[] = await trx('deliveries')
          .where({ webhook_id: webhookId, id })
          .whereNot({ status: 'PENDING' })
          .update({ status: 'PENDING', completed_at: null, updated_at: now })
          .returning('*');
        if (!row) return undefined;
        const last = await trx('delivery_attempts').where({ delivery_id: id }).max('attempt as attempt').first();
        const dueAt = now.toISOString();
        await queue(trx, { deliveryId: id, attempt: Number(last?.attempt ?? 0) + 1, roundAttempt: 1, dueAt });
        return { ...row, next_attempt_at: now };
      });
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
