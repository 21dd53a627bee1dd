import express, { Router } from 'express';
import { parse, toSeconds } from 'iso8601-duration';
import { AppError } from '@signet/http';
import type { TestClock } from '@signet/service';

/** How far one call may move the clock: enough for any expiry (a year), not enough to overflow dates. */
const LONGEST_MS = 366 * 86_400_000;

function durationMs(value: unknown, from: Date): number {
  const invalid = () => new AppError('VALIDATION_FAILED', 'Invalid advance_by', [{ field: 'advance_by', message: 'must be an ISO 8601 duration such as P3D or PT1H, forward, at most a year' }]);
  if (typeof value !== 'string') throw invalid();
  let ms: number;
  try {
    ms = toSeconds(parse(value), from) * 1000;
  } catch {
    throw invalid();
  }
  if (!(ms > 0) || ms > LONGEST_MS) throw invalid();
  return ms;
}

/**
 * /dev/clock (SIGNET_TEST_CLOCK, loopback only): GET answers Signet's `now`; POST `{"advance_by": "P3D"}`
 * moves it forward and answers the new `now` once the timed work that came due has run.
 */
export function devClockRoutes(testClock: TestClock): Router {
  const router = Router();
  router.get('/', (_req, res) => {
    res.json({ now: testClock.now().toISOString() });
  });
  router.post('/', express.json({ limit: '1kb' }), async (req, res) => {
    const ms = durationMs((req.body as { advance_by?: unknown } | undefined)?.advance_by, testClock.now());
    res.json({ now: (await testClock.advanceBy(ms)).toISOString() });
  });
  return router;
}
