import type { Logger } from '@signet/log';

export interface RelayLoop {
  start(): void;
  /** Asks the loop to look now instead of at its next poll. */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * What one step found: more work to do at once, none left, or work another relay holds now (its holder may
 * die holding it, and nothing would then wake this one).
 */
export type StepOutcome = 'more' | 'done' | 'held';

export interface RelayLoopOptions {
  /** Does one unit of work. */
  step(): Promise<StepOutcome>;
  /** How long the loop waits for a wake-up before it looks anyway: a safety net. */
  pollIntervalMs: number;
  /** How soon it looks again after a failed step (doubling while they fail) or held work. */
  retryMs: number;
  /** Longest back-off after consecutive failures. */
  maxBackoffMs: number;
  log: Logger;
  what: string;
}

/**
 * The outbox relay's loop (the bus, not background work: every other loop is a job): step while there
 * is work, then wait for a wake-up, or the poll interval at most; on failure, log and back off exponentially.
 *
 * A wake-up is a flag and the waiting timer's resolver, not an AbortController: the relay is woken on
 * every commit, and aborting a controller builds an AbortError with its stack trace each time.
 */
export function createRelayLoop(options: RelayLoopOptions): RelayLoop {
  let running = false;
  let woken = false;
  let endWait: (() => void) | null = null;
  let loop: Promise<void> | null = null;

  function wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        endWait = null;
        resolve();
      }
      endWait = done;
    });
  }

  async function run(): Promise<void> {
    let failures = 0;
    while (running) {
      woken = false;
      let outcome: StepOutcome = 'done';
      try {
        outcome = await options.step();
        failures = 0;
      } catch (error) {
        failures += 1;
        options.log.warn({ err: error, failures }, `${options.what} failed; will retry`);
      }
      // A wake-up that came during the step asks for another look: its work may have committed after the step read.
      if (outcome === 'more' || (woken && failures === 0) || !running) continue;
      if (failures > 0) await wait(Math.min(options.maxBackoffMs, options.retryMs * 2 ** (failures - 1)));
      else await wait(outcome === 'held' ? options.retryMs : options.pollIntervalMs);
    }
  }

  return {
    start() {
      if (loop) return;
      running = true;
      loop = run();
    },
    wake() {
      woken = true;
      endWait?.();
    },
    async stop() {
      running = false;
      endWait?.();
      await loop;
      loop = null;
    }
  };
}
