import { AppError, type RequestContext } from '@signet/http';
import type { Knex } from 'knex';
import type { Clock } from '@signet/service';
import { type RateLimitDecision, rateLimiter, refusalHeaders, type WindowLimit } from '@signet/rate-limit';

/** The bucket envelope creations are counted in, per tenant (every key of a tenant counts together). */
const BUCKET = 'envelope.create';

/** The gateway's grant (`hour:10,day:100`) as windows; anything else grants nothing to count against. */
export function parseEnvelopeLimits(grant: string | undefined | null): WindowLimit[] {
  if (!grant) return [];
  return grant.split(',').flatMap((part) => {
    const [window, max] = part.split(':');
    return (window === 'hour' || window === 'day') && /^\d+$/.test(max ?? '') ? [{ window, max: Number(max) }] : [];
  });
}

export interface EnvelopeLimits {
  /**
   * Spends one envelope creation of the context's tenant against the plan's grant, on every replica's
   * shared counters; a refused creation spends nothing. Null when the context carries no grant (a call
   * from inside Signet that no key made).
   */
  spend(context: Pick<RequestContext, 'tenantId' | 'envelopeLimits'>): Promise<RateLimitDecision | null>;
  pruneBefore(cutoff: Date): Promise<void>;
}

/**
 * Plan limits on envelope creation are counted here, where envelopes are created, so a single create and
 * a batch's create items spend one allowance without this part calling the gateway back.
 */
export function envelopeLimits(counters: Knex, clock: Clock): EnvelopeLimits {
  const limiter = rateLimiter({ db: counters, clock });
  return {
    async spend(context) {
      const windows = parseEnvelopeLimits(context.envelopeLimits);
      if (windows.length === 0) return null;
      return limiter.consume(`tenant:${context.tenantId}`, BUCKET, windows);
    },
    pruneBefore: (cutoff) => limiter.pruneBefore(cutoff)
  };
}

/** The refusal of a single create. */
function creationRefused(plan: string, decision: RateLimitDecision): AppError {
  return new AppError('RATE_LIMITED', `Rate limit reached for envelope.create on the ${plan} plan`, undefined, refusalHeaders(decision));
}

/**
 * Spends one envelope creation for a single create: refused with 429, `Retry-After` and the X-RateLimit-*
 * headers when the plan's allowance is used up. The decision (null without a grant) gives the headers of
 * the create's answer.
 */
export async function spendEnvelopeCreation(limits: EnvelopeLimits, context: RequestContext): Promise<RateLimitDecision | null> {
  const decision = await limits.spend(context);
  if (decision && !decision.allowed) throw creationRefused(context.plan, decision);
  return decision;
}
