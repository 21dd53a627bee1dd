import type { Request, Response } from 'express';
import { AppError, requestContext } from '@signet/http';
import type { Clock } from '@signet/service';
import type { ApiKeyRepository } from '../api-keys/api-key-repository';
import type { RateLimitBucket } from './plan-limits';
import type { RateLimiter } from './rate-limiter';

/**
 * POST /internal/rate-limits/:bucket (signed internal call): spends one unit of a plan limit for the
 * key in the signed context, as the public route would have; for work a service does later on a key's
 * behalf (a batch item creating an envelope). Answers `{allowed, retry_after_seconds}`.
 */
export function consumeForService(keys: ApiKeyRepository, limiter: RateLimiter, bucket: RateLimitBucket, clock: Clock) {
  return async (_req: Request, res: Response): Promise<void> => {
    const key = await keys.findActiveById(requestContext(res).apiKeyId);
    if (!key) throw new AppError('UNAUTHORIZED', 'The API key was revoked');
    const subject = bucket.subject === 'tenant' ? `tenant:${key.tenant_id}` : `api_key:${key.id}`;
    const decision = await limiter.consume(subject, bucket.name, bucket.limitsFor(key), clock());
    res.json({ allowed: decision.allowed, retry_after_seconds: decision.allowed ? 0 : decision.retryAfterSeconds });
  };
}
