/** The X-RateLimit-* headers every limited answer carries, refused or not (Reset in epoch seconds). */
export function rateLimitHeaders(window: { limit: number; remaining: number; resetAt: Date }): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(window.limit),
    'X-RateLimit-Remaining': String(Math.max(0, window.remaining)),
    'X-RateLimit-Reset': String(Math.ceil(window.resetAt.getTime() / 1000))
  };
}

/** A refusal's headers: the window's, and when to try again. */
export function refusalHeaders(decision: { limit: number; remaining: number; resetAt: Date; retryAfterSeconds: number }): Record<string, string> {
  return { ...rateLimitHeaders(decision), 'Retry-After': String(decision.retryAfterSeconds) };
}
