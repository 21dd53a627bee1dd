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

/**
 * Fixed-window counters in PostgreSQL, so every gateway replica counts against the same numbers.
 * The increments and the check happen in one transaction; a refused request rolls its increments back
 * and so does not use up the allowance.
 */
export function rateLimiter(db: Knex) {
  async function consume(subject: string, bucket: string, limits: WindowLimit[], now: Date): Promise<RateLimitDecision> {
    const refused = new Error('rate limited');
    let decision: RateLimitDecision | null = null;
    try {
      await db.transaction(async (trx) => {
        const results = [];
        for (const { window, max } of limits) {
          const start = windowStart(window, now);
          const [row] = await trx('rate_limit_counters')
            .insert({ subject, bucket, window, window_start: start, count: 1 })
            .onConflict(['subject', 'bucket', 'window', 'window_start'])
            .merge({ count: trx.raw('rate_limit_counters.count + 1') })
            .returning('count');
          const resetAt = new Date(start.getTime() + WINDOW_MS[window]);
          results.push({ max, count: Number(row.count), resetAt });
        }
        const exceeded = results.filter((result) => result.count > result.max);
        const tightest = [...results].sort((a, b) => (a.max - a.count) - (b.max - b.count))[0];
        if (!tightest) throw new Error('a rate-limit bucket needs at least one window');
        const latestReset = exceeded.reduce((latest, result) => Math.max(latest, result.resetAt.getTime()), 0);
        decision = {
          allowed: exceeded.length === 0,
          limit: tightest.max,
          remaining: Math.max(0, tightest.max - tightest.count),
          resetAt: tightest.resetAt,
          retryAfterSeconds: exceeded.length === 0 ? 0 : Math.max(1, Math.ceil((latestReset - now.getTime()) / 1000))
        };
        if (exceeded.length > 0) throw refused;
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
