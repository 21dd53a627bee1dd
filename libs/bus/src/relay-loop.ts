import type { Logger } from '@signet/log';

export interface RelayLoop {
  start(): void;
  /** Asks the loop to look now instead of at its next poll. */
  wake(): void;
  stop(): Promise<void>;
}

export interface RelayLoopOptions {
  /** Does one unit of work; returns true when there may be more to do at once. */
  step(): Promise<boolean>;
  pollIntervalMs: number;
  /** Longest back-off after consecutive failures. */
  maxBackoffMs: number;
  log: Logger;
  what: string;
}

/**
 * The outbox relay's loop (the bus, not background work: every other loop is a job): step while there
 * is work, then wait for the poll interval or a wake-up; on failure, log and back off exponentially.
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
      let more = false;
      try {
        more = await options.step();
        failures = 0;
      } catch (error) {
        failures += 1;
        options.log.warn({ err: error, failures }, `${options.what} failed; will retry`);
      }
      // A wake-up that came during the step asks for another look: its work may have committed after the step read.
      if (more || (woken && failures === 0) || !running) continue;
      await wait(failures === 0 ? options.pollIntervalMs : Math.min(options.maxBackoffMs, options.pollIntervalMs * 2 ** failures));
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
