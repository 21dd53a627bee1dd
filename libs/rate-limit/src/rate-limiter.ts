import type { Knex } from 'knex';
import { prepared } from '@signet/db';
import { RATE_LIMIT_COUNTERS } from './counter-table';

export type RateWindow = 'hour' | 'day';

/** At most `max` requests in each fixed `window` (aligned to the hour or the UTC day). */
export interface WindowLimit {
  window: RateWindow;
  max: number;
}

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

interface Window {
  window: RateWindow;
  max: number;
  start: Date;
}

/**
 * One statement: it locks the request's window rows (always in the same order), judges the request on
 * their current counts, and counts it in all of them only if every one has room. So a refused request
 * changes nothing, and no request is ever judged on a count another is about to take back. Returns
 * null when a window has no row yet (its first request).
 */
async function countIfRoom(db: Knex, subject: string, bucket: string, windows: Window[]): Promise<Map<string, number> | null> {
  // The text depends only on how many windows the bucket has.
  const result = await prepared(`rate_limit_count_${windows.length}`, db.raw(
    `WITH limits ("window", window_start, max) AS (VALUES ${windows.map(() => '(?, ?::timestamptz, ?::integer)').join(', ')}),
     locked AS (
       SELECT c."window", c.count, l.max FROM rate_limit_counters c
       JOIN limits l ON l."window" = c."window" AND l.window_start = c.window_start
       WHERE c.subject = ? AND c.bucket = ?
       ORDER BY c."window"
       FOR UPDATE OF c
     ),
     verdict AS (SELECT count(*) = ? AS present, coalesce(bool_and(count < max), false) AS room FROM locked),
     counted AS (
       UPDATE rate_limit_counters c SET count = c.count + 1
       FROM limits l, verdict v
       WHERE v.present AND v.room AND c.subject = ? AND c.bucket = ? AND c."window" = l."window" AND c.window_start = l.window_start
     )
     SELECT (SELECT present FROM verdict) AS present, coalesce((SELECT json_object_agg("window", count) FROM locked), '{}') AS counts`,
    [...windows.flatMap(({ window, start, max }) => [window, start, max]), subject, bucket, windows.length, subject, bucket]
  ));
  const row = result.rows[0] as { present: boolean; counts: Record<string, number> };
  if (!row.present) return null;
  // The counts as they stand once this request is counted, or would stand had there been room.
  return new Map(windows.map(({ window }) => [window, Number(row.counts[window]) + 1]));
}

export interface RateLimiterOptions {
  /** The part's own connection (parts own their data): its schema holds the table `createRateLimitCounters` made. */
  db: Knex;
  /** Signet's clock, so a test clock moves the windows too. */
  clock: () => Date;
}

/**
 * Fixed-window counters in PostgreSQL, so every replica of a part counts against the same numbers; a
 * refused request does not use up the allowance (see countIfRoom).
 */
export function rateLimiter({ db, clock }: RateLimiterOptions) {
  async function consume(subject: string, bucket: string, limits: WindowLimit[]): Promise<RateLimitDecision> {
    const now = clock();
    const windows = limits.map(({ window, max }) => ({ window, max, start: windowStart(window, now) }));
    const counts = (await countIfRoom(db, subject, bucket, windows)) ?? (await countInNewWindows(subject, bucket, windows));
    return decisionOf(windows.map(({ window, max, start }) => ({ max, count: counts.get(window) ?? 0, resetAt: new Date(start.getTime() + WINDOW_MS[window]) })), now);
  }

  /** The first request of a window makes its rows (count 0; a concurrent one may too), then is counted. */
  async function countInNewWindows(subject: string, bucket: string, windows: Window[]): Promise<Map<string, number>> {
    await db(RATE_LIMIT_COUNTERS)
      .insert(windows.map(({ window, start }) => ({ subject, bucket, window, window_start: start, count: 0 })))
      .onConflict(['subject', 'bucket', 'window', 'window_start'])
      .ignore();
    const counts = await countIfRoom(db, subject, bucket, windows);
    if (counts === null) throw new Error(`rate-limit windows of ${subject} vanished while being counted`);
    return counts;
  }

  async function pruneBefore(cutoff: Date): Promise<void> {
    await db(RATE_LIMIT_COUNTERS).where('window_start', '<', cutoff).delete();
  }

  return { consume, pruneBefore };
}

export type RateLimiter = ReturnType<typeof rateLimiter>;
