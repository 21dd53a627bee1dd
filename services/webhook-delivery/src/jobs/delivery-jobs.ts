import { Type, type Static } from '@sinclair/typebox';
import type { Knex } from 'knex';
import { defineJobKind, defineRecurringJob, doublingBackoff, type AnyJobKind, type JobSystem } from '@signet/jobs';

/**
 * One attempt of a delivery. `attempt` numbers it in the delivery's log (an attempt is recorded once
 * under its number, so a slow worker whose job was released and run again records nothing);
 * `roundAttempt` counts the attempts since the delivery was created or redelivered, which the retry
 * schedule goes by; `dueAt` is when it is due on Signet's clock (shown as the delivery's next_attempt_at).
 */
export const DELIVER_WEBHOOK = {
  name: 'webhook-delivery.deliver-webhook',
  payload: Type.Object({ deliveryId: Type.String(), attempt: Type.Integer({ minimum: 1 }), roundAttempt: Type.Integer({ minimum: 1 }), dueAt: Type.String() })
};

export type DeliveryAttempt = Static<typeof DELIVER_WEBHOOK.payload>;

/**
 * Queues a delivery's attempt, for its due time unless `runAt` says otherwise, in the caller's transaction
 * (the one that records the delivery, its redelivery or its last attempt).
 */
export type QueueAttempt = (db: Knex | Knex.Transaction, attempt: DeliveryAttempt, runAt?: Date) => Promise<void>;

export function queueAttempt(jobs: JobSystem): QueueAttempt {
  return (db, attempt, runAt) => jobs.enqueue(db, DELIVER_WEBHOOK, attempt, { key: attempt.deliveryId, runAt: runAt ?? new Date(attempt.dueAt) });
}

const MINUTE_MS = 60_000;
/** Finished deliveries past their retention are deleted this often. */
export const PRUNE_DELIVERIES_EVERY_MS = 10 * MINUTE_MS;

export interface DeliveryJobHandlers {
  attempt(attempt: DeliveryAttempt): Promise<void>;
  /** The attempt could not even be made or recorded, time after time: the delivery ends FAILED. */
  giveUp(attempt: DeliveryAttempt, error: unknown): Promise<void>;
  prune(): Promise<void>;
}

export function deliveryJobKinds(handlers: DeliveryJobHandlers, attemptTimeoutMs: number): { deliver: AnyJobKind; prune: AnyJobKind } {
  return {
    deliver: defineJobKind({
      ...DELIVER_WEBHOOK,
      // A receiver's answer is the delivery's own business (its retry schedule); these retries are for
      // faults of Signet's own (its database out of reach), and repeat the same attempt.
      maxAttempts: 6,
      backoffMs: doublingBackoff(5000, 5 * MINUTE_MS),
      // The attempt's timeout, and time to record it.
      leaseMs: attemptTimeoutMs + 10_000,
      run: (attempt) => handlers.attempt(attempt),
      onDeadLetter: (attempt, error) => handlers.giveUp(attempt, error)
    }),
    prune: defineRecurringJob('webhook-delivery.prune-deliveries', 10 * MINUTE_MS, () => handlers.prune())
  };
}
