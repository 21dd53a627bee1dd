import type { NextFunction, Request, Response } from 'express';
import { AppError } from '@signet/http';
import type { Clock } from '@signet/service';
import { rateLimitHeaders } from '@signet/rate-limit';

const MINUTE_MS = 60_000;

/**
 * Keyless routes have no key to count against, so each client address gets `perMinute` requests per
 * fixed minute, counted in this replica's memory: a flood is turned away before it reaches a service
 * or the database. The table only ever holds the current minute's addresses.
 */
export function publicRateLimit(perMinute: number, clock: Clock) {
  let minute = -1;
  let counts = new Map<string, number>();
  return (req: Request, res: Response, next: NextFunction): void => {
    const now = clock().getTime();
    const current = Math.floor(now / MINUTE_MS);
    if (current !== minute) {
      minute = current;
      counts = new Map();
    }
    const address = req.ip ?? req.socket.remoteAddress ?? '';
    const count = (counts.get(address) ?? 0) + 1;
    counts.set(address, count);
    const resetAt = (current + 1) * MINUTE_MS;
    res.set(rateLimitHeaders({ limit: perMinute, remaining: perMinute - count, resetAt: new Date(resetAt) }));
    if (count > perMinute) {
      const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
      next(new AppError('RATE_LIMITED', `Too many requests from this address: ${perMinute} a minute; try again in ${retryAfter} seconds`, undefined, { 'Retry-After': String(retryAfter) }));
      return;
    }
    next();
  };
}
