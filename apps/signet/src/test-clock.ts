import type { JobSystem } from '@signet/jobs';
import type { Clock, TestClock } from '@signet/service';

export interface MovableClock extends TestClock {
  /** Signet's clock: the host's time plus how far it was moved. Every part of the process reads this one. */
  clock: Clock;
}

/**
 * The development test clock: an offset on the host's time that only grows. Moving it brings queued jobs
 * as much closer (`clockMovedBy`) and waits until those that came due have run (`runDue`), so the answer
 * of POST /dev/clock follows the work it made due. Nothing is kept but the offset: timed work lives in the
 * job system, as in production.
 */
export function createTestClock(jobs: () => JobSystem): MovableClock {
  let offsetMs = 0;
  const clock: Clock = () => new Date(Date.now() + offsetMs);
  return {
    clock,
    now: clock,
    async advanceBy(ms) {
      // Jobs first, then the clock: a job queued in between is mapped with the old offset and moved with the rest.
      await jobs().clockMovedBy(ms);
      offsetMs += ms;
      await jobs().runDue();
      return clock();
    }
  };
}
