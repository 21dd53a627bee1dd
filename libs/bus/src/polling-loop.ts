import type { Logger } from '@signet/log';
import { sleep } from './sleep';

export interface PollingLoop {
  start(): void;
  /** Asks the loop to look now instead of at its next poll. */
  wake(): void;
  stop(): Promise<void>;
}

export interface PollingLoopOptions {
  /** Does one unit of work; returns true when there may be more to do at once. */
  step(): Promise<boolean>;
  pollIntervalMs: number;
  /** Longest back-off after consecutive failures. */
  maxBackoffMs: number;
  log: Logger;
  what: string;
}

/**
 * The loop behind every background worker (outbox relay, upload processor): step while there is work,
 * then wait for the poll interval or a wake-up; on failure, log and back off exponentially.
 */
export function createPollingLoop(options: PollingLoopOptions): PollingLoop {
  let stopping = new AbortController();
  let wakeUp = new AbortController();
  let loop: Promise<void> | null = null;

  async function run(): Promise<void> {
    let failures = 0;
    while (!stopping.signal.aborted) {
      let more = false;
      try {
        more = await options.step();
        failures = 0;
      } catch (error) {
        failures += 1;
        options.log.warn({ err: error, failures }, `${options.what} failed; will retry`);
      }
      if (more) continue;
      const delay = failures === 0 ? options.pollIntervalMs : Math.min(options.maxBackoffMs, options.pollIntervalMs * 2 ** failures);
      await sleep(delay, AbortSignal.any([stopping.signal, wakeUp.signal]));
      if (wakeUp.signal.aborted) wakeUp = new AbortController();
    }
  }

  return {
    start() {
      if (loop) return;
      stopping = new AbortController();
      loop = run();
    },
    wake() {
      wakeUp.abort();
    },
    async stop() {
      stopping.abort();
      await loop;
      loop = null;
    }
  };
}
