import type { NextFunction, Request, Response } from 'express';
import { keepAnswer } from '../proxy/hand-in-process';
import { proxyTapOf } from './proxy-tap';

/**
 * For the gateway's own POST routes: with an Idempotency-Key, the body flows to the key's fingerprint as
 * it is read and the answer is kept before the client gets it, as for a proxied route.
 */
export function keptLikeAProxiedAnswer(req: Request, res: Response, next: NextFunction): void {
  const tap = proxyTapOf(res);
  if (tap) {
    keepAnswer(res, tap);
    req.pipe(tap.body);
  }
  next();
}
