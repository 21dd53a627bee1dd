import type { NextFunction, Request, Response } from 'express';
import { AppError } from '@signet/http';
import type { Clock } from '@signet/service';
import { authenticatedKey } from '../api-keys/authenticate';
import type { RateLimitBucket } from './plan-limits';
import { setRateLimitHeaders } from './rate-limit-headers';
import type { RateLimiter } from './rate-limiter';

/** Applies a bucket to the authenticated key; sets X-RateLimit-* always and Retry-After on 429. */
export function rateLimit(limiter: RateLimiter, bucket: RateLimitBucket, clock: Clock) {
  return async (_req: Request, res: Response, next: NextFunction): Promise<void> => {
    const key = authenticatedKey(res);
    const subject = bucket.subject === 'tenant' ? `tenant:${key.tenant_id}` : `api_key:${key.id}`;
    const decision = await limiter.consume(subject, bucket.name, bucket.limitsFor(key), clock());
    setRateLimitHeaders(res, decision);
    if (!decision.allowed) {
      next(new AppError('RATE_LIMITED', `Rate limit reached for ${bucket.name} on the ${key.plan} plan`, undefined, {
        'Retry-After': String(decision.retryAfterSeconds)
      }));
      return;
    }
    next();
  };
}
