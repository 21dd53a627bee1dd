import type { NextFunction, Request, Response } from 'express';
import { AppError, requestIdOf } from '@signet/http';
import type { BuilderCaller, BuilderTokenLookup } from '../builder-sessions/builder-token-auth';
import type { ConsoleSessionLookup } from '../console/console-session-auth';
import type { ApiKeyLookup } from './api-key-cache';
import type { ApiKeyRecord } from './api-key-repository';

export function authenticatedKey(res: Response): ApiKeyRecord {
  const key = res.locals.apiKey as ApiKeyRecord | undefined;
  if (!key) throw new Error('route is not behind authentication');
  return key;
}

/** The builder session whose token authenticated the request, or undefined when an API key did. */
export function builderCallerOf(res: Response): BuilderCaller | undefined {
  return res.locals.builderCaller as BuilderCaller | undefined;
}

const BEARER = /^bearer\s+/i;

/**
 * `Authorization: <API key>` with no scheme, or `Bearer <builder session token>`, which acts as
 * the session's key within the session's scope (checked next); without the header, the console's session
 * cookie acts as its key; anything else is 401 with the error shape.
 */
export function authenticate(keys: ApiKeyLookup, envelopeLimitsOf: (key: ApiKeyRecord) => string, builderToken: BuilderTokenLookup, consoleSession: ConsoleSessionLookup) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const header = req.headers.authorization?.trim();
    if (!header) {
      const console = await consoleSession(req);
      if (!console) {
        next(new AppError('UNAUTHORIZED', 'Missing API key: send it as the Authorization header'));
        return;
      }
      authenticated(res, console.key, envelopeLimitsOf);
      next();
      return;
    }
    const caller = BEARER.test(header) ? await builderToken(header.replace(BEARER, '')) : null;
    if (!caller && /^(bearer|basic)\s/i.test(header)) {
      next(new AppError('UNAUTHORIZED', 'Send the API key itself as the Authorization header, without a scheme'));
      return;
    }
    const key = caller ? caller.key : await keys.findActiveByKey(header);
    if (!key) {
      next(new AppError('UNAUTHORIZED', 'Invalid API key'));
      return;
    }
    authenticated(res, key, envelopeLimitsOf);
    if (caller) res.locals.builderCaller = caller;
    next();
  };
}

function authenticated(res: Response, key: ApiKeyRecord, envelopeLimitsOf: (key: ApiKeyRecord) => string): void {
  res.locals.apiKey = key;
  res.locals.context = { tenantId: key.tenant_id, apiKeyId: key.id, plan: key.plan, requestId: requestIdOf(res), envelopeLimits: envelopeLimitsOf(key) };
}
