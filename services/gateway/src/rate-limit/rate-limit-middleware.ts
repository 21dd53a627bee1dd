import type { NextFunction, Request, Response } from 'express';
import { AppError } from '@signet/http';
import { authenticatedKey } from '../api-keys/authenticate';
import type { RateLimitBucket } from './plan-limits';
import { type RateLimiter, rateLimitHeaders } from '@signet/rate-limit';

/** Applies a bucket to the authenticated key; sets X-RateLimit-* always and Retry-After on 429. */
export function rateLimit(limiter: RateLimiter, bucket: RateLimitBucket) {
  return async (_req: Request, res: Response, next: NextFunction): Promise<void> => {
    const key = authenticatedKey(res);
    const subject = bucket.subject === 'tenant' ? `tenant:${key.tenant_id}` : `api_key:${key.id}`;
    const decision = await limiter.consume(subject, bucket.name, bucket.limitsFor(key));
    res.set(rateLimitHeaders(decision));
    if (!decision.allowed) {
      next(new AppError('RATE_LIMITED', `Rate limit reached for ${bucket.name} on the ${key.plan} plan`, undefined, {
        'Retry-After': String(decision.retryAfterSeconds)
      }));
      return;
    }
    next();
  };
}
