import type { Logger } from '@signet/log';
import type { Clock } from '@signet/service';
import type { ClaimedDelivery } from '../model';
import type { AttemptOutcome, PostWebhook } from '../outbound/post-webhook';
import { retryDelay } from '../retry-schedule';
import { signDelivery, signingSecretsAt } from '../signing/sign-delivery';
import { countAttempt } from './delivery-metrics';
import type { DeliveryStore, NextState } from '../store/delivery-store';

/** The header that carries a webhook's `auth` (spec 5.6), as the API key travels: the value, no scheme. */
const AUTH_HEADER = 'authorization';
const USER_AGENT = 'Signet-Webhooks/1.0';

export interface AttemptDeliveryDeps {
  deliveries: DeliveryStore;
  post: PostWebhook;
  clock: Clock;
  retryDelayMs: number;
  log: Logger;
}

function nextState(claim: ClaimedDelivery, outcome: AttemptOutcome, finishedAt: Date, retryDelayMs: number): NextState {
  if (outcome.ok) return { status: 'SUCCESS', next_attempt_at: null, completed_at: finishedAt };
  const delay = retryDelay(claim.retry_schedule, claim.round_attempts + 1, retryDelayMs);
  if (delay === null) return { status: 'FAILED', next_attempt_at: null, completed_at: finishedAt };
  return { status: 'PENDING', next_attempt_at: new Date(finishedAt.getTime() + delay), completed_at: null };
}

/** One attempt of a claimed delivery: sign, POST, record the attempt and what comes next. */
export function attemptDelivery(deps: AttemptDeliveryDeps) {
  return async (claim: ClaimedDelivery): Promise<void> => {
    const attemptedAt = deps.clock();
    const headers: Record<string, string> = {
      'user-agent': USER_AGENT,
      // The host's time, not Signet's (a development test clock may run ahead): receivers check it against their own clock.
      ...signDelivery(signingSecretsAt(claim, attemptedAt), claim.event_id, new Date(), claim.body),
      ...(claim.auth === null ? {} : { [AUTH_HEADER]: claim.auth })
    };
    const outcome = await deps.post({ url: claim.url, headers, body: claim.body });
    const finishedAt = deps.clock();
    const next = nextState(claim, outcome, finishedAt, deps.retryDelayMs);
    const recorded = await deps.deliveries.recordAttempt(claim, {
      attempted_at: attemptedAt,
      duration_ms: outcome.durationMs,
      status_code: outcome.statusCode,
      error: outcome.error,
      response_body: outcome.responseBody
    }, next, finishedAt);
    // The POST happened either way; the delivery only ended if this attempt was the one recorded.
    countAttempt(outcome.ok, outcome.durationMs, recorded ? next.status : 'PENDING');
    if (!recorded) {
      deps.log.warn({ delivery_id: claim.id, event_id: claim.event_id }, 'attempt not recorded: the delivery was deleted with its webhook, or its lease ran out and another worker took it over');
    } else if (next.status === 'FAILED') {
      deps.log.info({ delivery_id: claim.id, event_id: claim.event_id, error: outcome.error }, 'webhook delivery failed after its last attempt');
    }
  };
}
