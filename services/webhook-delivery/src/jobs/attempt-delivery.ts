import type { Knex } from 'knex';
import { repeatingThroughLostConnections } from '@signet/db';
import type { Logger } from '@signet/log';
import type { Clock } from '@signet/service';
import type { DeliveryTarget } from '../model';
import { requestHeadersOf, type AttemptOutcome, type PostWebhook } from '../outbound/post-webhook';
import { retryDelay } from '../retry-schedule';
import { signDelivery, signingSecretsAt } from '../signing/sign-delivery';
import { countAttempt, countFinished } from './delivery-metrics';
import type { DeliveryAttempt, QueueAttempt } from './delivery-jobs';
import type { DeliveryStore, NextState } from '../store/delivery-store';

/** The header that carries a webhook's `auth`, as the API key travels: the value, no scheme. */
const AUTH_HEADER = 'authorization';
/** What the delivery log shows for the `auth` an attempt sent: that it was sent, not what it is. */
const HIDDEN = '[redacted]';
/** The dead letter's reason when Signet itself could not make or record the attempt (its database out of reach, say). */
const GAVE_UP = 'Signet could not make or record the attempt (a fault of its own); retry it';
const USER_AGENT = 'Signet-Webhooks/1.0';
/**
 * A job that comes due before Signet's clock says so (a test clock that stands still, clocks of replicas
 * a little apart) looks again this much later at the soonest.
 */
const NOT_YET_DUE_RECHECK_MS = 1000;
/**
 * Recording an attempt is safe to repeat (an attempt is kept once under its number), so a connection lost
 * while recording, even at COMMIT, is waited out here: failing the job would POST the event again. A few
 * seconds, well inside the job's lease, which allows the POST's timeout and ten seconds more.
 */
const RECORD_ATTEMPTS = 6;
const RECORD_RETRY_MS = 500;

export interface AttemptDeliveryDeps {
  db: Knex;
  deliveries: DeliveryStore;
  post: PostWebhook;
  queueAttempt: QueueAttempt;
  clock: Clock;
  retryDelayMs: number;
  log: Logger;
}

function nextState(target: DeliveryTarget, attempt: DeliveryAttempt, outcome: AttemptOutcome, finishedAt: Date, retryDelayMs: number): NextState {
  if (outcome.ok) return { status: 'SUCCESS', completed_at: finishedAt, next: null };
  const delay = retryDelay(target.retry_schedule, attempt.roundAttempt, retryDelayMs);
  if (delay === null) return { status: 'FAILED', completed_at: finishedAt, next: null };
  const dueAt = new Date(finishedAt.getTime() + delay).toISOString();
  return { status: 'PENDING', completed_at: null, next: { deliveryId: attempt.deliveryId, attempt: attempt.attempt + 1, roundAttempt: attempt.roundAttempt + 1, dueAt } };
}

/**
 * One attempt of a delivery (the job handler): sign, POST, record the attempt and, in the same
 * transaction, what comes next (the next attempt's job, or the end of the delivery).
 */
export function attemptDelivery(deps: AttemptDeliveryDeps) {
  return async (attempt: DeliveryAttempt): Promise<void> => {
    const target = await deps.deliveries.targetOf(attempt.deliveryId);
    // Deleted with its webhook, or finished (a redelivery queues a job of its own).
    if (!target) return;
    const attemptedAt = deps.clock();
    const dueAt = new Date(attempt.dueAt);
    if (attemptedAt < dueAt) {
      await deps.queueAttempt(deps.db, attempt, new Date(Math.max(dueAt.getTime(), attemptedAt.getTime() + NOT_YET_DUE_RECHECK_MS)));
      return;
    }
    const headers: Record<string, string> = {
      'user-agent': USER_AGENT,
      // The host's time, not Signet's (a development test clock may run ahead): receivers check it against their own clock.
      ...signDelivery(signingSecretsAt(target, attemptedAt), target.event_id, new Date(), target.body),
      ...(target.auth === null ? {} : { [AUTH_HEADER]: target.auth })
    };
    const request = { url: target.url, headers, body: target.body };
    const outcome = await deps.post(request);
    const finishedAt = deps.clock();
    const next = nextState(target, attempt, outcome, finishedAt, deps.retryDelayMs);
    const sent = requestHeadersOf(request);
    if (AUTH_HEADER in sent) sent[AUTH_HEADER] = HIDDEN;
    const row = {
      attempted_at: attemptedAt, duration_ms: outcome.durationMs, status_code: outcome.statusCode, error: outcome.error, response_body: outcome.responseBody,
      request_headers: sent, response_headers: outcome.responseHeaders
    };
    const recorded = await repeatingThroughLostConnections(() => deps.deliveries.recordAttempt(attempt, row, next, finishedAt, deps.queueAttempt), RECORD_ATTEMPTS, RECORD_RETRY_MS,
      (error) => deps.log.warn({ delivery_id: attempt.deliveryId, err: error }, 'recording a delivery attempt lost its connection; recording it again'));
    // The POST happened either way; the delivery only ended if this attempt was the one recorded.
    countAttempt(outcome.ok, outcome.durationMs, recorded ? next.status : 'PENDING');
    if (!recorded) {
      deps.log.warn({ delivery_id: attempt.deliveryId, event_id: target.event_id, attempt: attempt.attempt }, 'attempt not recorded: the delivery was deleted with its webhook, or this attempt was already recorded by a worker that took the job over');
    } else if (next.status === 'FAILED') {
      deps.log.info({ delivery_id: attempt.deliveryId, event_id: target.event_id, error: outcome.error }, 'webhook delivery failed after its last attempt');
    }
  };
}

/**
 * The job's own retries ran out (Signet could not make or record the attempt): the delivery ends FAILED
 * with a dead letter, and can be retried or redelivered.
 */
export function giveUpDelivery(deps: Pick<AttemptDeliveryDeps, 'deliveries' | 'clock' | 'log'>) {
  return async (attempt: DeliveryAttempt, error: unknown): Promise<void> => {
    if (await deps.deliveries.giveUp(attempt.deliveryId, deps.clock(), GAVE_UP)) {
      countFinished('FAILED');
      deps.log.error({ delivery_id: attempt.deliveryId, err: error }, 'webhook delivery failed: its attempt could not be made or recorded');
    }
  };
}
