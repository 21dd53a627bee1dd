import type { Logger } from '@signet/log';

/** What the queue holds for this process's runners, read at one moment. */
export interface DueJobs {
  /** Jobs due now and not taken (counted up to the runners' concurrency). */
  due: number;
  /** Milliseconds until the next job not yet due comes due, or null when none is queued. */
  nextInMs: number | null;
}

/**
 * One timer for the next queued job, so the runners need not poll for work that comes due later: a job
 * queued for now wakes them through graphile-worker's NOTIFY, one queued for later through this alarm.
 */
export interface DueAlarm {
  start(): void;
  /** A job may come due in `ms`: look then (it may sit in a transaction not committed yet, or rolled back). */
  expectIn(ms: number): void;
  /** Reads the queue now: wakes runners for the jobs due, and sets the alarm for the next one. */
  look(): void;
  stop(): void;
}

export interface DueAlarmOptions {
  read(): Promise<DueJobs>;
  /** Wakes up to `count` idle runners of this process. */
  wake(count: number): void;
  /** When a read fails (a lost connection), how long until the next. */
  retryMs: number;
  log: Logger;
}

/** setTimeout's longest wait; a job due later is looked at again then, and the alarm set anew. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export function createDueAlarm(options: DueAlarmOptions): DueAlarm {
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let firesAt = Number.POSITIVE_INFINITY;
  let looking = false;
  let lookAgain = false;
  let failedReads = 0;

  function fire(): void {
    timer = null;
    firesAt = Number.POSITIVE_INFINITY;
    look();
  }

  /** Only ever brings the alarm forward: a later time read from the queue must not hide an expected job. */
  function expectIn(ms: number): void {
    if (!running) return;
    const wait = Math.min(Math.max(0, Math.ceil(ms)), LONGEST_TIMER_MS);
    if (Date.now() + wait >= firesAt) return;
    if (timer) clearTimeout(timer);
    firesAt = Date.now() + wait;
    timer = setTimeout(fire, wait);
    timer.unref();
  }

  function look(): void {
    if (!running) return;
    if (looking) {
      lookAgain = true;
      return;
    }
    looking = true;
    options.read().then(
      ({ due, nextInMs }) => {
        failedReads = 0;
        if (due > 0) options.wake(due);
        if (nextInMs !== null) expectIn(nextInMs);
      },
      (error: unknown) => {
        // Once per run of failures: a database that is down fails every read until it is back.
        failedReads += 1;
        const level = failedReads === 1 ? 'warn' : 'debug';
        options.log[level]({ err: error, failures: failedReads }, 'could not read when the next job comes due; reading again shortly');
        expectIn(options.retryMs);
      }
    ).finally(() => {
      looking = false;
      if (!lookAgain) return;
      lookAgain = false;
      look();
    });
  }

  return {
    start() {
      running = true;
      look();
    },
    expectIn,
    look,
    stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      firesAt = Number.POSITIVE_INFINITY;
    }
  };
}
