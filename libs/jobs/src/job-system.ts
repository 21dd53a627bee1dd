import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import pg from 'pg';
import { runTaskList, type JobHelpers, type TaskList, type Worker, type WorkerEvents } from 'graphile-worker';
import type { Static, TSchema } from '@sinclair/typebox';
import { IDLE_CONNECTION_TIMEOUT_MS, repeatingThroughLostConnections } from '@signet/db';
import type { Logger } from '@signet/log';
import { createDueAlarm } from './due-alarm';
import { addJob, keyOfStored, storedKey, type StoredPayload } from './enqueue-sql';
import type { AnyJobKind, JobKind, JobSpec } from './job-kind';
import { countJob, watchBacklog } from './job-metrics';
import { graphileLogger } from './graphile-logger';
import { workerTable } from './graphile-worker-tables';
import { installJobSchema, JOBS_SCHEMA } from './job-schema';
import { backlogOf, dueJobsOf } from './queued-jobs';
import { releaseAbandonedJobs, releaseJobKind } from './release-abandoned';

export interface JobSystemOptions {
  databaseUrl: string;
  /** Signet's clock: run-at times are in it, and are mapped onto the database's clock when queued. */
  clock: () => Date;
  log: Logger;
  /** Jobs this process runs at once, all kinds together. */
  concurrency: number;
  /**
   * How often each runner looks for due jobs anyway: a safety net. A job queued for now wakes the runners
   * of every replica at once (NOTIFY), and one queued for later wakes them when it comes due (the alarm).
   */
  pollIntervalMs: number;
}

export interface JobSystem {
  /** Declares kinds this process runs, while its parts are created, before `start()`. */
  register(...kinds: AnyJobKind[]): void;
  /** A kind that runs every `everyMs`, once across replicas: its next run is queued as each one ends. */
  every(kind: JobKind<TSchema>, everyMs: number): void;
  /** Queues a job in `db`, the transaction of the change that causes it; `runAt` is in Signet's clock. */
  enqueue<S extends TSchema>(db: Knex | Knex.Transaction, kind: JobSpec<S>, payload: Static<S>, options?: { key?: string; runAt?: Date }): Promise<void>;
  /** Removes the queued job of this kind and key; one already running finishes, and is neither retried nor dead-lettered. */
  cancel(db: Knex | Knex.Transaction, kind: JobSpec, key: string): Promise<void>;
  /** Resolves once no job of a registered kind is due (the clock's now) or running. */
  runDue(): Promise<void>;
  /** Signet's clock jumped forward by `ms` (the development test clock): queued jobs come due that much sooner. */
  clockMovedBy(ms: number): Promise<void>;
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
}

const RELEASE_EVERY_MS = 30_000;
/**
 * How soon the alarm reads the queue after a NOTIFY says a job was queued, in whichever process: one queued
 * there for later is that process's alarm's to wake, and this read covers that process stopping first (the
 * NOTIFYs of a busy second make one read). And how soon it reads again after a failed read or a runner's
 * failed look for a job.
 */
const LOOK_AFTER_INSERT_MS = 1000;
const RETRY_LOOK_MS = 1000;
/** How long a start waits out lost connections (a database restarting while Signet boots). */
const START_ATTEMPTS = 30;
const START_RETRY_MS = 1000;
/** The job system's connections, as PostgreSQL lists them (pg_stat_activity). */
export const JOBS_APPLICATION_NAME = 'signet-jobs';
/** What graphile-worker's add_job sends: wakes the runners of every replica to look for due jobs now. */
const WAKE_RUNNERS = `SELECT pg_notify('jobs:insert', '{"count":1}')`;

/**
 * The pool with each checked-out client's release made idempotent. graphile-worker 0.16 releases its
 * LISTEN client twice when that connection dies (once when the client errors, once when it then stops
 * listening), and pg-pool throws on the second release inside a promise nothing handles: the process
 * would die of a database restart. Releasing once is what both callers mean.
 */
function releasingOnce(pool: pg.Pool): pg.Pool {
  const once = (client: pg.PoolClient): pg.PoolClient['release'] => {
    const release = client.release;
    let released = false;
    const guarded = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      release.call(client, error);
    };
    client.release = guarded;
    return guarded;
  };
  type Done = (release?: Error | boolean) => void;
  const connect = pool.connect.bind(pool) as (callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: Done) => void) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: Done) => void) => {
    if (callback) {
      connect((error, client, done) => callback(error, client, client ? once(client) : done));
      return undefined;
    }
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      once(client);
      return client;
    });
  }) as pg.Pool['connect'];
  return pool;
}

/** A running pool of graphile-worker workers; stopping it twice waits for the one shutdown. */
interface Runner {
  stop(): Promise<void>;
}

export function createJobSystem(options: JobSystemOptions): JobSystem {
  const log = options.log.child({ component: 'jobs' });
  const kinds = new Map<string, AnyJobKind>();
  const recurring = new Map<string, number>();
  let pool: pg.Pool | null = null;
  let runner: Runner | null = null;
  let replacing: Promise<void> | null = null;
  let stopped = false;
  let unwatchBacklog = (): void => undefined;
  // This process's workers: an idle one waits for a nudge (graphile-worker's on a NOTIFY, the alarm's) or its safety-net poll.
  const workers = new Set<Worker>();

  function wakeRunners(count: number): void {
    let left = count;
    for (const worker of workers) {
      if (left <= 0) return;
      if (worker.nudge()) left -= 1;
    }
  }

  const alarm = createDueAlarm({
    read: async () => dueJobsOf(running(), [...kinds.keys()], options.concurrency),
    wake: wakeRunners,
    retryMs: RETRY_LOOK_MS,
    log
  });

  /** Signet's clock runs ahead of the host's by a test clock's offset; the database keeps the host's. */
  const databaseTime = (at: Date): Date => new Date(at.getTime() - (options.clock().getTime() - Date.now()));

  function register(...added: AnyJobKind[]): void {
    if (runner) throw new Error('job kinds are registered before the job system starts');
    for (const kind of added) {
      if (kinds.has(kind.name)) throw new Error(`job kind ${kind.name} is registered twice`);
      kinds.set(kind.name, kind);
    }
  }

  // queueAgain and standsForItsCause: each graphile-worker column they name is in WORKER_COLUMNS_USED (test/graphile-worker-tables.test.ts).

  /**
   * Queues a retry, or a recurring kind's next run, unless the job no longer stands for its cause: its key is
   * cleared when the cause is queued again while it runs (superseded) or cancelled, and then the newer job, or
   * none, does the work. It reads the key as it is now, holding the job's row: a cause queued at the same moment
   * either clears the key first (nothing is queued here) or waits and then replaces what this queued.
   * The payload was checked against its schema when first queued. Resolves to whether it queued anything.
   */
  async function queueAgain(helpers: JobHelpers, kind: AnyJobKind, payload: unknown, attempt: number, delayMs: number): Promise<boolean> {
    const stored: StoredPayload = { attempt, payload };
    const queued = await helpers.query(
      `WITH held AS MATERIALIZED (SELECT id FROM ${workerTable('_private_jobs')} WHERE id = $1 AND key = $2 FOR UPDATE)
       SELECT ${JOBS_SCHEMA}.add_job($3, $4::json, run_at => $5::timestamptz, max_attempts => 1, job_key => $2) FROM held`,
      [helpers.job.id, helpers.job.key, kind.name, JSON.stringify(stored), new Date(Date.now() + delayMs)]
    );
    if (queued.rowCount !== 1) return false;
    alarm.expectIn(delayMs);
    return true;
  }

  /** Whether the job still holds its key: neither superseded nor cancelled while it ran. */
  async function standsForItsCause(helpers: JobHelpers): Promise<boolean> {
    const held = await helpers.query(`SELECT FROM ${workerTable('jobs')} WHERE id = $1 AND key = $2`, [helpers.job.id, helpers.job.key]);
    return held.rowCount === 1;
  }

  async function execute(kind: AnyJobKind, stored: StoredPayload, helpers: JobHelpers): Promise<void> {
    const { job } = helpers;
    const context = { jobId: job.id, key: keyOfStored(kind.name, job.key), attempt: stored.attempt };
    const ids = { job_id: job.id, job_kind: kind.name, job_key: context.key, attempt: stored.attempt };
    try {
      await kind.run(stored.payload, context);
      countJob(kind.name, 'done');
    } catch (error) {
      const retried = stored.attempt < kind.maxAttempts && (await queueAgain(helpers, kind, stored.payload, stored.attempt + 1, kind.backoffMs(stored.attempt)));
      if (retried) {
        countJob(kind.name, 'retry');
        log.warn({ ...ids, err: error }, 'job failed; will retry');
        return;
      }
      if (!(await standsForItsCause(helpers))) {
        log.warn({ ...ids, err: error }, 'job failed after its cause was queued again or cancelled; not retried');
        return;
      }
      countJob(kind.name, 'failed');
      log.error({ ...ids, err: error }, 'job failed past its last attempt; kept in the jobs table as failed');
      await kind.onDeadLetter?.(stored.payload, error, context).catch((hookError: unknown) => log.error({ ...ids, err: hookError }, 'recording a dead-lettered job failed'));
      throw error;
    } finally {
      const everyMs = recurring.get(kind.name);
      if (everyMs !== undefined) await queueAgain(helpers, kind, stored.payload, 1, everyMs);
    }
  }

  function taskList(): TaskList {
    const tasks: TaskList = {};
    for (const kind of kinds.values()) tasks[kind.name] = (payload, helpers) => execute(kind, payload as StoredPayload, helpers);
    return tasks;
  }

  function running(): pg.Pool {
    if (!pool) throw new Error('the job system is not running');
    return pool;
  }

  function openPool(): pg.Pool {
    // One connection listens, two claim and complete; handlers use their part's own pool. The connections
    // are kept between the alarm's and the safety net's looks (a new one is a new PostgreSQL process), and
    // TCP keepalive stops a network device from dropping the idle LISTEN connection without a word.
    const opened = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 3,
      idleTimeoutMillis: IDLE_CONNECTION_TIMEOUT_MS,
      keepAlive: true,
      application_name: JOBS_APPLICATION_NAME
    });
    opened.on('error', (error) => log.warn({ err: error }, 'a jobs connection failed'));
    // A connection lost between two queries emits 'error' on its client, which kills the process unless
    // someone listens; graphile-worker listens only on the clients it connected itself.
    opened.on('connect', (client) => client.on('error', (error) => log.warn({ err: error }, 'a jobs connection failed while in use')));
    return releasingOnce(opened);
  }

  async function startRunner(opened: pg.Pool): Promise<Runner> {
    const events: WorkerEvents = new EventEmitter();
    events.on('worker:create', ({ worker }) => workers.add(worker));
    events.on('worker:release', ({ worker }) => workers.delete(worker));
    // NOTIFYs sent while the LISTEN connection was down are lost: read the queue once it listens again
    // (a moment later, so the read follows its LISTEN).
    events.on('pool:listen:success', () => alarm.expectIn(0));
    events.on('pool:listen:notification', ({ message }) => {
      if (message.channel === 'jobs:insert') alarm.expectIn(LOOK_AFTER_INSERT_MS);
    });
    // graphile-worker 0.16 does not replace a worker that could not record a finished job (its connection
    // was cut): without a new runner, each such cut would leave the process one worker fewer, down to none.
    events.on('worker:fatalError', ({ worker, error }) => {
      log.error({ err: error }, 'a job worker stopped: its database connection was lost while it recorded a job; the runner starts again');
      // Its job runs again now, not a lease later: the worker that held it is gone for sure.
      releaseAbandonedJobs(opened, [...kinds.values()], log, worker.workerId).then(wakeRunners, () => undefined);
      replaceRunner();
    });
    // graphile-worker 0.16 loads a runner's task ids once and keeps a failed load for good: a connection cut
    // at that moment leaves every worker failing to look for jobs with that same error, for ever. A failure
    // that comes back as the very same error is that one, and only a new runner loads the ids again.
    const getJobErrors = new WeakSet<object>();
    events.on('worker:getJob:error', ({ error }) => {
      // The worker would look again only at its safety-net poll: the alarm wakes it sooner if work is due.
      alarm.expectIn(RETRY_LOOK_MS);
      if (typeof error !== 'object' || error === null) return;
      if (!getJobErrors.has(error)) return void getJobErrors.add(error);
      log.error({ err: error }, 'the job runner could not load the kinds it runs; the runner starts again');
      replaceRunner();
    });
    // The worker pool alone, not graphile-worker's `run`: that also starts its cron loop, which Signet does
    // not use and whose first query, cut by a lost connection, rejects a promise nothing can handle (the
    // process would die of it). Recurring kinds are Signet's own jobs (`every`).
    const workerPool = runTaskList({
      schema: JOBS_SCHEMA,
      concurrency: options.concurrency,
      pollInterval: options.pollIntervalMs,
      noHandleSignals: true,
      logger: graphileLogger(log),
      events
    }, taskList(), opened);
    workerPool.promise.catch((error: unknown) => log.warn({ err: error }, 'the job workers stopped with an error'));
    let stopping: Promise<void> | null = null;
    return { stop: () => (stopping ??= workerPool.gracefulShutdown()) };
  }

  /** Stops the runner a worker died in and starts a new one; its job is released like any abandoned one. */
  function replaceRunner(): void {
    if (replacing) return;
    replacing = (async () => {
      const dying = runner;
      runner = null;
      await dying?.stop().catch((error: unknown) => log.warn({ err: error }, 'stopping the job runner failed'));
      if (!stopped) runner = await startRunner(running());
    })()
      .catch((error: unknown) => {
        log.error({ err: error }, 'starting the job runner again failed; trying again in a second');
        setTimeout(replaceRunner, 1000).unref();
      })
      .finally(() => {
        replacing = null;
      });
  }

  const system: JobSystem = {
    register,
    every(kind, everyMs) {
      register(kind);
      recurring.set(kind.name, everyMs);
    },
    async enqueue(db, kind, payload, enqueueOptions = {}) {
      const runAt = enqueueOptions.runAt ? databaseTime(enqueueOptions.runAt) : null;
      await addJob(db, kind, payload, { key: enqueueOptions.key, databaseRunAt: runAt });
      // One due at once is woken by its NOTIFY on commit; one due later, by the alarm.
      if (runAt && runAt.getTime() > Date.now()) alarm.expectIn(runAt.getTime() - Date.now());
    },
    async cancel(db, kind, key) {
      await db.raw(`SELECT FROM ${JOBS_SCHEMA}.remove_job(?)`, [storedKey(kind.name, key)]);
    },
    // runDue and clockMovedBy: each graphile-worker column they name is in WORKER_COLUMNS_USED (test/graphile-worker-tables.test.ts).
    async runDue() {
      await running().query(WAKE_RUNNERS);
      // Polled, not evented: a due job may be one another replica is running.
      for (;;) {
        const result = await running().query<{ due: number }>(
          `SELECT count(*)::int AS due FROM ${workerTable('jobs')} WHERE task_identifier = ANY($1) AND (locked_at IS NOT NULL OR (run_at <= now() AND attempts < max_attempts))`,
          [[...kinds.keys()]]
        );
        if (result.rows[0]?.due === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async clockMovedBy(ms) {
      await running().query(`UPDATE ${workerTable('_private_jobs')} SET run_at = run_at - make_interval(secs => $1::float8 / 1000) WHERE locked_at IS NULL`, [ms]);
      await running().query(WAKE_RUNNERS);
      alarm.look();
    },
    async start() {
      if (runner) return;
      stopped = false;
      const opened = (pool = openPool());
      const started = await repeatingThroughLostConnections(async () => {
        await installJobSchema({ connectionString: options.databaseUrl, application_name: JOBS_APPLICATION_NAME });
        // A process that died holding jobs is released at the next start, whichever replica starts first.
        await releaseAbandonedJobs(opened, [...kinds.values()], log);
        // Each recurring kind's first run; one already queued keeps its time.
        const firstRun: StoredPayload = { attempt: 1, payload: {} };
        for (const name of recurring.keys()) {
          await opened.query(`SELECT FROM ${JOBS_SCHEMA}.add_job($1, $2::json, max_attempts => 1, job_key => $3, job_key_mode => 'preserve_run_at')`, [name, JSON.stringify(firstRun), storedKey(name, 'recurring')]);
        }
        return startRunner(opened);
      }, START_ATTEMPTS, START_RETRY_MS, (error, attempt) => log.warn({ err: error, attempt }, 'the database connection was lost while the job system started; starting again'));
      // A worker that died while the runner started has already been replaced.
      if (runner) await started.stop();
      else runner = started;
      alarm.start();
      unwatchBacklog = watchBacklog(() => backlogOf(opened, [...kinds.keys()]));
    },
    async stop() {
      stopped = true;
      alarm.stop();
      unwatchBacklog();
      await replacing;
      const stopping = runner;
      runner = null;
      await stopping?.stop();
      const closing = pool;
      pool = null;
      await closing?.end();
    }
  };
  system.every(releaseJobKind(async () => wakeRunners(await releaseAbandonedJobs(running(), [...kinds.values()], log))), RELEASE_EVERY_MS);
  return system;
}
