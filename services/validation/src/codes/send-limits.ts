import { CODES_PER_HOUR, HOUR_MS, SEND_COOLDOWN_MS } from '../model';

interface Window {
  limit: number;
  remaining: number;
  /** When the oldest code of the hour stops counting. */
  resetAt: Date;
}

export type SendDecision = Window & ({ allowed: true } | { allowed: false; retryAfterSeconds: number; reason: string });

/**
 * Per recipient: no new code within 60 seconds of the last, at most 5 in any hour. The
 * hour slides over the codes' own times, so there is no burst at the edge of a fixed window.
 * `created` are the creation times of the recipient's codes from the last hour.
 */
export function decideSend(created: readonly Date[], now: Date): SendDecision {
  const at = now.getTime();
  const recent = created.map((date) => date.getTime()).filter((time) => time > at - HOUR_MS).sort((a, b) => a - b);
  const resetAt = new Date((recent[0] ?? at) + HOUR_MS);
  const waits: Array<{ ms: number; reason: string }> = [];
  const latest = recent.at(-1);
  if (latest !== undefined && at - latest < SEND_COOLDOWN_MS) {
    waits.push({ ms: latest + SEND_COOLDOWN_MS - at, reason: 'A code was sent to this recipient less than 60 seconds ago' });
  }
  if (recent.length >= CODES_PER_HOUR) {
    waits.push({ ms: (recent[recent.length - CODES_PER_HOUR] as number) + HOUR_MS - at, reason: `${CODES_PER_HOUR} codes were sent to this recipient in the last hour` });
  }
  if (waits.length === 0) return { allowed: true, limit: CODES_PER_HOUR, remaining: CODES_PER_HOUR - recent.length - 1, resetAt };
  // Both limits may hold at once; only the later of the two moments actually frees a send.
  const longest = waits.reduce((a, b) => (b.ms > a.ms ? b : a));
  return {
    allowed: false,
    limit: CODES_PER_HOUR,
    remaining: Math.max(0, CODES_PER_HOUR - recent.length),
    resetAt,
    retryAfterSeconds: Math.max(1, Math.ceil(longest.ms / 1000)),
    reason: longest.reason
  };
}

/** The headers every rate-limited route sends (docs/errors.md), plus Retry-After on a refusal. */
export function sendLimitHeaders(decision: SendDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': String(Math.ceil(decision.resetAt.getTime() / 1000))
  };
  if (!decision.allowed) headers['Retry-After'] = String(decision.retryAfterSeconds);
  return headers;
}
