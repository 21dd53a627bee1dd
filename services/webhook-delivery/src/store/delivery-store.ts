import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { DeliveredEventType } from '@signet/contracts';
import { prepared } from '@signet/db';
import { queuedPayloads } from '@signet/jobs';
import { DELIVER_WEBHOOK, type DeliveryAttempt, type QueueAttempt } from '../jobs/delivery-jobs';
import type { AttemptRow, DeliveryDetail, DeliveryRow, DeliveryStatus, DeliveryTarget, ListedDelivery, LoggedAttempt } from '../model';
import { markDeadLetterRetried, recordDeadLetter } from './dead-letter-store';

export interface EventRow {
  id: string;
  event_type: DeliveredEventType;
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
  eventType?: DeliveredEventType;
  /** Deliveries older than this one (the last of the previous page). */
  before?: string;
  limit: number;
}

// PostgreSQL text cannot hold NUL, and a receiver's answer may contain anything.
const storable = (text: string | null): string | null => text?.replace(/\u0000/g, '') ?? null;

/** The delivery log's columns of an attempt. */
const LOGGED_ATTEMPT_COLUMNS = ['delivery_id', 'attempt', 'attempted_at', 'duration_ms', 'status_code', 'error', 'response_body'];

/**
 * Reopens a finished delivery, whose row the caller has locked, for a new round of its retry schedule: its
 * first attempt is due at once, and its dead letter, if one waits, counts as retried.
 */
async function reopen(trx: Knex.Transaction, id: string, now: Date, queue: QueueAttempt): Promise<ListedDelivery> {
  const [row]: DeliveryRow[] = await trx('deliveries').where({ id }).update({ status: 'PENDING', completed_at: null, updated_at: now }).returning('*');
  await markDeadLetterRetried(trx, id, now);
  const last = await trx('delivery_attempts').where({ delivery_id: id }).max('attempt as attempt').first();
  await queue(trx, { deliveryId: id, attempt: Number(last?.attempt ?? 0) + 1, roundAttempt: 1, dueAt: now.toISOString() });
  return { ...(row as DeliveryRow), next_attempt_at: now };
}

/** The delivery's row, locked, while it is finished; undefined while it is PENDING (or gone). */
const lockFinished = (trx: Knex.Transaction, where: Record<string, string>): Promise<DeliveryRow | undefined> =>
  trx('deliveries').where(where).whereNot({ status: 'PENDING' }).forUpdate().first();

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
    INSERT INTO delivery_attempts (delivery_id, attempt, attempted_at, duration_ms, status_code, error, response_body, request_headers, response_headers)
    SELECT id, ?, ?, ?, ?, ?, ?, ?, ? FROM delivery
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
    async schedule(trx: Knex.Transaction, event: EventRow, webhookIds: string[], now: Date, queue: QueueAttempt): Promise<ListedDelivery[]> {
      await trx('webhook_events').insert(event).onConflict('id').ignore();
      const inserted: DeliveryRow[] = await trx('deliveries').insert(webhookIds.map((webhookId) => ({
        id: uuidv7(),
        webhook_id: webhookId,
        event_id: event.id,
        event_type: event.event_type,
        status: 'PENDING',
        created_at: now,
        updated_at: now
      }))).onConflict(['webhook_id', 'event_id']).ignore().returning('*');
      for (const { id } of inserted) await queue(trx, { deliveryId: id, attempt: 1, roundAttempt: 1, dueAt: now.toISOString() });
      return inserted.map((row) => ({ ...row, next_attempt_at: now }));
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
     * transaction while it stays PENDING, or recording its dead letter when it ends FAILED. False when the
     * delivery is no longer PENDING (deleted with its webhook) or this attempt is already recorded: a worker
     * whose job was released as abandoned and run again by another made the same attempt, and the one
     * recorded first counts (and only it leaves a dead letter).
     */
    async recordAttempt(attempt: DeliveryAttempt, row: Omit<AttemptRow, 'delivery_id' | 'attempt'>, next: NextState, now: Date, queue: QueueAttempt): Promise<boolean> {
      const record = async (runner: Knex | Knex.Transaction): Promise<boolean> => {
        const result = await prepared('delivery_record_attempt', runner.raw(RECORD_ATTEMPT, [
          attempt.deliveryId, attempt.attempt, row.attempted_at, row.duration_ms, row.status_code, storable(row.error), storable(row.response_body),
          row.request_headers, row.response_headers, next.status, next.completed_at, now
        ]));
        return result.rows.length > 0;
      };
      // A delivery's SUCCESS is one statement; an attempt that leaves it PENDING queues the next beside it,
      // and one that ends it FAILED records its dead letter.
      const { next: following } = next;
      if (!following && next.status === 'SUCCESS') return record(db);
      return db.transaction(async (trx) => {
        const recorded = await record(trx);
        if (recorded && following) await queue(trx, following);
        if (recorded && next.status === 'FAILED') {
          await recordDeadLetter(trx, { deliveryId: attempt.deliveryId, attempts: attempt.attempt, lastStatusCode: row.status_code, lastError: storable(row.error), failedAt: now });
        }
        return recorded;
      });
    },

    /**
     * The delivery ends FAILED without a recorded attempt (its job gave up), with its dead letter; false when
     * it was no longer PENDING.
     */
    async giveUp(deliveryId: string, now: Date, reason: string): Promise<boolean> {
      return db.transaction(async (trx) => {
        const updated = await trx('deliveries').where({ id: deliveryId, status: 'PENDING' }).update({ status: 'FAILED', completed_at: now, updated_at: now });
        if (updated === 0) return false;
        const last = await trx('delivery_attempts').where({ delivery_id: deliveryId }).max('attempt as attempt').first();
        await recordDeadLetter(trx, { deliveryId, attempts: Number(last?.attempt ?? 0), lastStatusCode: null, lastError: reason, failedAt: now });
        return true;
      });
    },

    /**
     * A page of a webhook's deliveries with their attempts, read from one snapshot: an attempt a worker
     * records meanwhile shows in both or in neither (read apart, a delivery could show its new attempt
     * beside the due time it had before it).
     */
    listWithAttempts(webhookId: string, filter: DeliveryFilter): Promise<{ deliveries: ListedDelivery[]; attempts: LoggedAttempt[] }> {
      return db.transaction(async (trx) => {
        const query = trx('deliveries').where({ webhook_id: webhookId }).orderBy('id', 'desc').limit(filter.limit);
        if (filter.status) query.where({ status: filter.status });
        if (filter.eventType) query.where({ event_type: filter.eventType });
        if (filter.before) query.where('id', '<', filter.before);
        const deliveries: DeliveryRow[] = await query;
        const attempts: LoggedAttempt[] = await trx('delivery_attempts').select(LOGGED_ATTEMPT_COLUMNS)
          .whereIn('delivery_id', deliveries.map((row) => row.id)).orderBy(['delivery_id', 'attempt']);
        return { deliveries: await withNextAttempts(trx, deliveries), attempts };
      }, { isolationLevel: 'repeatable read', readOnly: true });
    },

    /** One delivery with the body it sends and its attempts in full, from one snapshot as the log is read. */
    detail(webhookId: string, id: string): Promise<{ delivery: DeliveryDetail; attempts: AttemptRow[] } | undefined> {
      return db.transaction(async (trx) => {
        const row: (DeliveryRow & { body: string }) | undefined = await trx('deliveries')
          .join('webhook_events', 'webhook_events.id', 'deliveries.event_id')
          .where({ 'deliveries.webhook_id': webhookId, 'deliveries.id': id })
          .first('deliveries.*', 'webhook_events.body');
        if (!row) return undefined;
        const attempts: AttemptRow[] = await trx('delivery_attempts').where({ delivery_id: id }).orderBy('attempt');
        const [listed] = await withNextAttempts(trx, [row]);
        return { delivery: { ...(listed as ListedDelivery), body: row.body }, attempts };
      }, { isolationLevel: 'repeatable read', readOnly: true });
    },

    find(webhookId: string, id: string): Promise<DeliveryRow | undefined> {
      return db('deliveries').where({ webhook_id: webhookId, id }).first();
    },

    attemptsOf(deliveryIds: string[]): Promise<LoggedAttempt[]> {
      return db('delivery_attempts').select(LOGGED_ATTEMPT_COLUMNS).whereIn('delivery_id', deliveryIds).orderBy(['delivery_id', 'attempt']);
    },

    /**
     * Starts a new round of attempts, its first queued due at once (its dead letter, if one waits, counts as
     * retried); undefined when the delivery is still PENDING.
     */
    async redeliver(webhookId: string, id: string, now: Date, queue: QueueAttempt): Promise<ListedDelivery | undefined> {
      return db.transaction(async (trx) => {
        if (!(await lockFinished(trx, { webhook_id: webhookId, id }))) return undefined;
        return reopen(trx, id, now, queue);
      });
    },

    /**
     * Retries a dead letter: its delivery starts a new round as a redelivery does. Undefined when the dead
     * letter was retried already, or its delivery is PENDING. The delivery's row is locked first, as a
     * redelivery and a recorded attempt lock it, so the dead letter is read and marked by one of them at a time.
     */
    async retryDeadLetter(deadLetterId: string, deliveryId: string, now: Date, queue: QueueAttempt): Promise<ListedDelivery | undefined> {
      return db.transaction(async (trx) => {
        if (!(await lockFinished(trx, { id: deliveryId }))) return undefined;
        const waiting = await trx('dead_letters').where({ id: deadLetterId, delivery_id: deliveryId }).whereNull('retried_at').first('id');
        if (!waiting) return undefined;
        return reopen(trx, deliveryId, now, queue);
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
