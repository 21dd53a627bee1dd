import { createLogger } from '@signet/log';
import { createRelayLoop, type StepOutcome } from '../src/relay-loop';

const log = createLogger({ level: 'silent' });
const AN_HOUR = 3_600_000;

/** A step that records each call and lets the test decide what the call does. */
function steps(each: (call: number) => StepOutcome | Promise<StepOutcome>) {
  let calls = 0;
  const waiting: Array<{ at: number; resolve: () => void }> = [];
  return {
    get calls() {
      return calls;
    },
    async step(): Promise<StepOutcome> {
      calls += 1;
      for (const waiter of waiting.filter((candidate) => candidate.at <= calls)) waiter.resolve();
      return each(calls);
    },
    reached(count: number): Promise<void> {
      if (calls >= count) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ at: count, resolve }));
    }
  };
}

/** A loop over `work` that polls only once an hour, so any prompt second look is a wake-up's doing. */
function hourlyLoop(work: { step(): Promise<StepOutcome> }, retryMs = AN_HOUR) {
  return createRelayLoop({ step: () => work.step(), pollIntervalMs: AN_HOUR, retryMs, maxBackoffMs: AN_HOUR, log, what: 'test' });
}

/** Starts a loop over `work`, wakes it once its first step has run, and stops it after its second. */
async function wakeAfterFirstStep(work: ReturnType<typeof steps>): Promise<void> {
  const loop = hourlyLoop(work);
  loop.start();
  await work.reached(1);
  loop.wake();
  await work.reached(2);
  await loop.stop();
}

describe('the relay loop', () => {
  it('looks again at once when woken while it waits, not at its next poll', async () => {
    const work = steps(() => 'done');
    await wakeAfterFirstStep(work);
    expect(work.calls).toBe(2);
  });

  it('looks again when woken during a step, so work committed while it read is not left for the next poll', async () => {
    let loop: ReturnType<typeof createRelayLoop> | null = null;
    const work = steps((call) => {
      if (call === 1) loop?.wake();
      return 'done';
    });
    loop = hourlyLoop(work);
    loop.start();
    await work.reached(2);
    await loop.stop();
    expect(work.calls).toBe(2);
  });

  it('keeps stepping while a step says there is more', async () => {
    const work = steps((call) => (call < 5 ? 'more' : 'done'));
    const loop = hourlyLoop(work);
    loop.start();
    await work.reached(5);
    await loop.stop();
    expect(work.calls).toBe(5);
  });

  it('retries a failed step after its back-off, and a wake-up cuts the back-off short', async () => {
    const work = steps((call) => {
      if (call === 1) throw new Error('broker down');
      return 'done';
    });
    await wakeAfterFirstStep(work);
    expect(work.calls).toBe(2);
  });

  it('looks again soon, not at its next poll, when another relay held the work (it may die holding it)', async () => {
    const work = steps((call) => (call === 1 ? 'held' : 'done'));
    const loop = hourlyLoop(work, 10);
    loop.start();
    await work.reached(2);
    await loop.stop();
    expect(work.calls).toBe(2);
  });

  it('stops at once while waiting out a long poll interval', async () => {
    const work = steps(() => 'done');
    const loop = hourlyLoop(work);
    loop.start();
    await work.reached(1);
    await loop.stop();
    expect(work.calls).toBe(1);
  });
});
