import type { Response } from 'express';

/** The X-RateLimit-* headers every limited answer carries, refused or not (Reset in epoch seconds). */
export function setRateLimitHeaders(res: Response, window: { limit: number; remaining: number; resetAt: Date }): void {
  res.setHeader('X-RateLimit-Limit', String(window.limit));
  res.setHeader('X-RateLimit-Remaining', String(Math.max(0, window.remaining)));
  res.setHeader('X-RateLimit-Reset', String(Math.ceil(window.resetAt.getTime() / 1000)));
}
