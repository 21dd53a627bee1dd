import type { RetrySchedule } from '@signet/contracts';

export { RETRY_SCHEDULES, type RetrySchedule } from '@signet/contracts';

/** STANDARD: 3 attempts, 5 seconds apart by default (WEBHOOK_RETRY_DELAY_MS). */
export const STANDARD_ATTEMPTS = 3;

const MINUTE_MS = 60_000;

/**
 * EXTENDED keeps going after STANDARD's three attempts, for receivers down longer than their 15 seconds:
 * eight more, 5 minutes after the third and doubling (5, 10, 20 minutes ... 10 h 40 min), about 21 hours in all.
 */
const EXTENDED_DELAYS_MS = [5, 10, 20, 40, 80, 160, 320, 640].map((minutes) => minutes * MINUTE_MS);

/**
 * How long to wait after the `attemptsMade`-th failed attempt of a round (a delivery, or its redelivery)
 * before the next one, or null when the round has run out of attempts and the delivery fails.
 */
export function retryDelay(schedule: RetrySchedule, attemptsMade: number, retryDelayMs: number): number | null {
  if (attemptsMade < STANDARD_ATTEMPTS) return retryDelayMs;
  if (schedule === 'STANDARD') return null;
  return EXTENDED_DELAYS_MS[attemptsMade - STANDARD_ATTEMPTS] ?? null;
}
