import type { Knex } from 'knex';
import type { RateWindow, WindowLimit } from './plan-limits';

export interface RateLimitDecision {
  allowed: boolean;
  /** The tightest window: what the X-RateLimit-* headers describe. */
  limit: number;
  remaining: number;
  resetAt: Date;
  retryAfterSeconds: number;
}

const WINDOW_MS: Record<RateWindow, number> = { hour: 3_600_000, day: 86_400_000 };

function windowStart(window: RateWindow, now: Date): Date {
  return new Date(Math.floor(now.getTime() / WINDOW_MS[window]) * WINDOW_MS[window]);
}

interface WindowCount {
  max: number;
  count: number;
  resetAt: Date;
}

function decisionOf(results: WindowCount[], now: Date): RateLimitDecision {
  const tightest = [...results].sort((a, b) => (a.max - a.count) - (b.max - b.count))[0];
  if (!tightest) throw new Error('a rate-limit bucket needs at least one window');
  const exceeded = results.filter((result) => result.count > result.max);
  const latestReset = exceeded.reduce((latest, result) => Math.max(latest, result.resetAt.getTime()), 0);
  return {
    allowed: exceeded.length === 0,
    limit: tightest.max,
    remaining: Math.max(0, tightest.max - tightest.count),
    resetAt: tightest.resetAt,
    retryAfterSeconds: exceeded.length === 0 ? 0 : Math.max(1, Math.ceil((latestReset - now.getTime()) / 1000))
  };
}

/**
 * Fixed-window counters in PostgreSQL, so every gateway replica counts against the same numbers.
 * One statement counts the request in all its windows, inside a transaction that a refusal rolls back,
 * so a refused request does not use up the allowance. The rows stay locked until then, so no other
 * request is judged on a count that is about to be taken back.
 */
export function rateLimiter(db: Knex) {
  async function consume(subject: string, bucket: string, limits: WindowLimit[], now: Date): Promise<RateLimitDecision> {
    const windows = limits.map(({ window, max }) => ({ window, max, start: windowStart(window, now) }));
    const refused = new Error('rate limited');
    let decision: RateLimitDecision | null = null;
    try {
      await db.transaction(async (trx) => {
        const counted = await trx.raw(
          `INSERT INTO rate_limit_counters AS c (subject, bucket, "window", window_start, count)
           VALUES ${windows.map(() => '(?, ?, ?, ?, 1)').join(', ')}
           ON CONFLICT (subject, bucket, "window", window_start) DO UPDATE SET count = c.count + 1
           RETURNING "window", count`,
          windows.flatMap(({ window, start }) => [subject, bucket, window, start])
        );
        const countOf = new Map<string, number>(counted.rows.map((row: { window: string; count: string }) => [row.window, Number(row.count)]));
        decision = decisionOf(windows.map(({ window, max, start }) => ({ max, count: countOf.get(window) ?? 0, resetAt: new Date(start.getTime() + WINDOW_MS[window]) })), now);
        if (!decision.allowed) throw refused;
      });
    } catch (error) {
      if (error !== refused) throw error;
    }
    return decision as unknown as RateLimitDecision;
  }

  async function pruneBefore(cutoff: Date): Promise<void> {
    await db('rate_limit_counters').where('window_start', '<', cutoff).delete();
  }

  return { consume, pruneBefore };
}

export type RateLimiter = ReturnType<typeof rateLimiter>;
