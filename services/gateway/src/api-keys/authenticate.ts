import type { NextFunction, Request, Response } from 'express';
import { AppError, requestIdOf } from '@signet/http';
import type { ApiKeyLookup } from './api-key-cache';
import type { ApiKeyRecord } from './api-key-repository';

export function authenticatedKey(res: Response): ApiKeyRecord {
  const key = res.locals.apiKey as ApiKeyRecord | undefined;
  if (!key) throw new Error('route is not behind authentication');
  return key;
}

/** `Authorization: <API key>` with no scheme (spec 5.1); anything else is 401 with the error shape. */
export function authenticate(keys: ApiKeyLookup, envelopeLimitsOf: (key: ApiKeyRecord) => string) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const header = req.headers.authorization?.trim();
    if (!header) {
      next(new AppError('UNAUTHORIZED', 'Missing API key: send it as the Authorization header'));
      return;
    }
    if (/^(bearer|basic)\s/i.test(header)) {
      next(new AppError('UNAUTHORIZED', 'Send the API key itself as the Authorization header, without a scheme'));
      return;
    }
    const key = await keys.findActiveByKey(header);
    if (!key) {
      next(new AppError('UNAUTHORIZED', 'Invalid API key'));
      return;
    }
    res.locals.apiKey = key;
    res.locals.context = { tenantId: key.tenant_id, apiKeyId: key.id, plan: key.plan, requestId: requestIdOf(res), envelopeLimits: envelopeLimitsOf(key) };
    next();
  };
}
