import type { Knex } from 'knex';
import { Type } from '@sinclair/typebox';
import { openDatabase } from '@signet/db';
import { createLogger } from '@signet/log';
import { metricsRegistry } from '@signet/metrics';
import { createTestDatabase, TestDatabase, waitFor } from '@signet/testkit';
import { createJobSystem, defineJobKind, jobSchemaMigration, JobSystem, JOBS_APPLICATION_NAME, JOBS_SCHEMA } from '../src';

const log = createLogger({ level: 'silent' });
const DAY_MS = 86_400_000;
/** The runners' safety-net poll: no test waits that long, so each job here runs because something woke a runner. */
const HOURLY = 3_600_000;

describe('the job system on PostgreSQL', () => {
  let database: TestDatabase;
  let db: Knex;
  const systems: JobSystem[] = [];
  const ran: string[] = [];
  let failuresLeft = new Map<string, number>();
  const deadLettered: string[] = [];
  // `text#attempt` of each attempt begun, and the attempts a test holds until it lets them go.
  const begun: string[] = [];
  const holds = new Map<string, Promise<void>>();
  // A test clock a year ahead of the host's: run-at times are in it.
  let offsetMs = 365 * DAY_MS;
  const clock = () => new Date(Date.now() + offsetMs);

  const note = defineJobKind({
    name: 'test.note',
    payload: Type.Object({ text: Type.String() }),
    maxAttempts: 3,
    backoffMs: () => 10,
    leaseMs: 500,
    async run({ text }, { attempt }) {
      begun.push(`${text}#${attempt}`);
      await holds.get(`${text}#${attempt}`);
      const left = failuresLeft.get(text) ?? 0;
      if (left > 0) {
        failuresLeft.set(text, left - 1);
        throw new Error(`${text} is not ready`);
      }
      ran.push(text);
    },
    async onDeadLetter({ text }) {
      deadLettered.push(text);
    }
  });

  function system(concurrency = 2): JobSystem {
    const jobs = createJobSystem({ databaseUrl: database.url, clock, log, concurrency, pollIntervalMs: HOURLY });
    jobs.register(note);
    systems.push(jobs);
    return jobs;
  }

  /** Holds the attempt `text#attempt` once it has begun, until the returned function lets it go on. */
  function holdAttempt(attempt: string): () => void {
    let letGo = (): void => undefined;
    holds.set(attempt, new Promise<void>((resolve) => (letGo = resolve)));
    return letGo;
  }

  const jobRows = async () => (await db.raw(`SELECT key, attempts, max_attempts, last_error, locked_at FROM ${JOBS_SCHEMA}.jobs WHERE task_identifier = 'test.note' ORDER BY id`)).rows;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'jobs_test', migrations: [jobSchemaMigration] });
  });
  afterEach(async () => {
    for (const jobs of systems.splice(0)) await jobs.stop();
    await db.raw(`DELETE FROM ${JOBS_SCHEMA}._private_jobs`);
    ran.length = 0;
    deadLettered.length = 0;
    begun.length = 0;
    holds.clear();
    failuresLeft = new Map();
    offsetMs = 365 * DAY_MS;
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('queues a job in the transaction that causes it: a rolled-back cause queues nothing', async () => {
    const jobs = system();
    await jobs.start();
    await db.transaction(async (trx) => {
      await jobs.enqueue(trx, note, { text: 'rolled back' });
      throw new Error('the state change failed');
    }).catch(() => undefined);
    await db.transaction((trx) => jobs.enqueue(trx, note, { text: 'committed' }));
    await waitFor(() => ran.includes('committed'), 10_000, 'the committed job ran');
    await jobs.runDue();
    expect(ran).toEqual(['committed']);
  });

  it('refuses a payload that breaks the kind\'s schema', async () => {
    const jobs = system();
    await expect(jobs.enqueue(db, note, { text: 7 } as never)).rejects.toThrow(/payload breaks its schema/);
  });

  it('retries with the kind\'s backoff, then dead-letters: kept as failed, counted, never blocking the next job', async () => {
    const jobs = system();
    failuresLeft.set('never', 99);
    failuresLeft.set('twice', 2);
    await jobs.start();
    await jobs.enqueue(db, note, { text: 'never' }, { key: 'a' });
    await jobs.enqueue(db, note, { text: 'twice' }, { key: 'b' });
    await jobs.enqueue(db, note, { text: 'after' }, { key: 'c' });
    await waitFor(() => deadLettered.includes('never') && ran.includes('twice') && ran.includes('after'), 20_000, 'every job settled');
    await jobs.runDue();
    const rows = await jobRows();
    expect(rows).toEqual([expect.objectContaining({ key: 'test.note:a', attempts: 1, max_attempts: 1, last_error: expect.stringContaining('never is not ready') })]);
    const metrics = await metricsRegistry().getSingleMetricAsString('signet_jobs_total');
    expect(metrics).toMatch(/signet_jobs_total\{kind="test.note",outcome="failed"\} [1-9]/);
  });

  it('reports each kind\'s backlog while it runs: queued jobs and how long the most overdue has been due', async () => {
    const jobs = system();
    await jobs.start();
    const backlog = async () => (await metricsRegistry().getSingleMetricAsString('signet_jobs_backlog')).split('\n').filter((line) => line.includes('kind="test.note"'));
    expect(await backlog()).toEqual(['signet_jobs_backlog{kind="test.note",measure="queued"} 0', 'signet_jobs_backlog{kind="test.note",measure="oldest_due_seconds"} 0']);
    const later = new Date(clock().getTime() + DAY_MS);
    await jobs.enqueue(db, note, { text: 'tomorrow' }, { key: 'later', runAt: later });
    expect(await backlog()).toEqual(['signet_jobs_backlog{kind="test.note",measure="queued"} 1', 'signet_jobs_backlog{kind="test.note",measure="oldest_due_seconds"} 0']);
    await jobs.stop();
    expect(await backlog()).toEqual([]);
  });

  it('keeps one queued job per key, and cancels by key', async () => {
    const jobs = system();
    const later = new Date(clock().getTime() + DAY_MS);
    await jobs.enqueue(db, note, { text: 'first' }, { key: 'one', runAt: later });
    await jobs.enqueue(db, note, { text: 'second' }, { key: 'one', runAt: later });
    await jobs.enqueue(db, note, { text: 'cancelled' }, { key: 'two', runAt: later });
    await jobs.cancel(db, note, 'two');
    expect((await jobRows()).map((row: { key: string }) => row.key)).toEqual(['test.note:one']);
  });

  /** Starts `jobs` with the job "older" of key `envelope` running, held until the answered function lets it fail. */
  async function olderJobRunning(jobs: JobSystem): Promise<() => void> {
    failuresLeft.set('older', 1);
    const letGo = holdAttempt('older#1');
    await jobs.start();
    await jobs.enqueue(db, note, { text: 'older' }, { key: 'envelope' });
    await waitFor(() => begun.includes('older#1'), 10_000, 'the older job began');
    return letGo;
  }

  it('runs the newer job of a key queued while the older one ran, even when the older one then fails: the older one is not retried', async () => {
    const jobs = system(1);
    const letGo = await olderJobRunning(jobs);
    await jobs.enqueue(db, note, { text: 'newer' }, { key: 'envelope' });
    letGo();
    await waitFor(() => ran.includes('newer'), 10_000, 'the newer job ran with its own payload');
    await jobs.runDue();
    expect(await jobRows()).toEqual([]);
    expect(ran).toEqual(['newer']);
    expect(begun).toEqual(['older#1', 'newer#1']);
  });

  it('runs the newer job of a key even when its cause\'s transaction is still open as the older one fails', async () => {
    const jobs = system(1);
    const letGo = await olderJobRunning(jobs);
    const waitingForALock = async () => Number((await db.raw(`SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = ? AND wait_event_type = 'Lock'`, [JOBS_APPLICATION_NAME])).rows[0].count);
    await db.transaction(async (trx) => {
      await jobs.enqueue(trx, note, { text: 'newer' }, { key: 'envelope' });
      letGo();
      await waitFor(async () => (await waitingForALock()) > 0, 10_000, 'the older job\'s failure waiting for the newer cause\'s transaction');
    });
    await waitFor(() => ran.includes('newer'), 10_000, 'the newer job ran with its own payload');
    await jobs.runDue();
    expect(await jobRows()).toEqual([]);
    expect(ran).toEqual(['newer']);
  });

  it('neither retries nor dead-letters a running job that was cancelled or superseded, when it then fails', async () => {
    const jobs = system();
    failuresLeft.set('cancelled', 1);
    failuresLeft.set('doomed', 99);
    const letCancelledGo = holdAttempt('cancelled#1');
    const letDoomedGo = holdAttempt('doomed#3');
    await jobs.start();
    await jobs.enqueue(db, note, { text: 'cancelled' }, { key: 'reminder' });
    await jobs.enqueue(db, note, { text: 'doomed' }, { key: 'delivery' });
    await waitFor(() => begun.includes('cancelled#1') && begun.includes('doomed#3'), 10_000, 'the first attempt of one and the last of the other began');
    await jobs.cancel(db, note, 'reminder');
    await jobs.enqueue(db, note, { text: 'redelivered' }, { key: 'delivery' });
    letCancelledGo();
    letDoomedGo();
    await waitFor(() => ran.includes('redelivered'), 10_000, 'the newer job ran');
    await jobs.runDue();
    // Rows first: a retry queued by mistake is either still there or has already run.
    expect(await jobRows()).toEqual([]);
    expect(ran).toEqual(['redelivered']);
    expect(deadLettered).toEqual([]);
  });

  it('runs timed work when Signet\'s clock reaches it: runDue resolves once it has run', async () => {
    const jobs = system();
    await jobs.start();
    await jobs.enqueue(db, note, { text: 'tomorrow' }, { key: 'reminder', runAt: new Date(clock().getTime() + DAY_MS) });
    await jobs.enqueue(db, note, { text: 'in a week' }, { key: 'expiry', runAt: new Date(clock().getTime() + 7 * DAY_MS) });
    await jobs.runDue();
    expect(ran).toEqual([]);
    offsetMs += DAY_MS + 1000;
    await jobs.clockMovedBy(DAY_MS + 1000);
    await jobs.runDue();
    expect(ran).toEqual(['tomorrow']);
  });

  it('runs a job queued for later when it comes due, though nothing queued or moved the clock since', async () => {
    const jobs = system();
    await jobs.start();
    await jobs.enqueue(db, note, { text: 'soon' }, { key: 'soon', runAt: new Date(clock().getTime() + 300) });
    await jobs.enqueue(db, note, { text: 'tomorrow' }, { key: 'tomorrow', runAt: new Date(clock().getTime() + DAY_MS) });
    await waitFor(() => ran.includes('soon'), 20_000, 'the job queued for later ran when it came due');
    expect(ran).toEqual(['soon']);
  });

  it('runs a job another replica queued for later, when that replica stopped before it came due', async () => {
    const [queuing, remaining] = [system(), system()];
    await queuing.start();
    await remaining.start();
    await queuing.enqueue(db, note, { text: 'left behind' }, { key: 'left', runAt: new Date(clock().getTime() + 1500) });
    await queuing.stop();
    await waitFor(() => ran.includes('left behind'), 20_000, 'the remaining replica ran it when it came due');
  });

  it('runs each job once across replicas', async () => {
    const replicas = [system(), system()];
    for (const jobs of replicas) await jobs.start();
    const texts = Array.from({ length: 40 }, (_, index) => `job ${index}`);
    for (const text of texts) await replicas[0]!.enqueue(db, note, { text }, { key: text });
    await waitFor(() => ran.length >= texts.length, 20_000, 'every job ran');
    await replicas[1]!.runDue();
    expect([...ran].sort()).toEqual([...texts].sort());
  });

  it('runs again a job whose worker died holding it, once its lease has run out', async () => {
    const jobs = system();
    await jobs.enqueue(db, note, { text: 'orphan' }, { key: 'orphan' });
    // What a worker killed mid-job leaves behind: the job locked by a worker that will never finish it.
    await db.raw(`UPDATE ${JOBS_SCHEMA}._private_jobs SET locked_at = now() - interval '1 second', locked_by = 'dead-worker', attempts = 1`);
    await jobs.start();
    await jobs.runDue();
    expect(ran).toEqual(['orphan']);
  });

  /**
   * Runs `body` while a trigger on the jobs schema's `table` fails the first statement that meets `condition` as a
   * connection terminated mid-statement does (57P01, which graphile-worker 0.16 does not retry).
   */
  async function losingConnectionOnce(name: string, trigger: { table: string; when: string; each: string; condition: string }, body: () => Promise<void>): Promise<void> {
    await db.raw(`CREATE SEQUENCE IF NOT EXISTS jobs_test.${name}`);
    await db.raw(`CREATE OR REPLACE FUNCTION jobs_test.${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${trigger.condition} THEN
          IF nextval('jobs_test.${name}') = 1 THEN
            RAISE EXCEPTION 'terminating connection due to administrator command' USING ERRCODE = 'admin_shutdown';
          END IF;
        END IF;
        RETURN OLD;
      END $$`);
    await db.raw(`CREATE TRIGGER ${name} ${trigger.when} ON ${JOBS_SCHEMA}.${trigger.table} FOR EACH ${trigger.each} EXECUTE FUNCTION jobs_test.${name}()`);
    try {
      await body();
    } finally {
      await db.raw(`DROP TRIGGER ${name} ON ${JOBS_SCHEMA}.${trigger.table}`);
    }
  }

  it('starts its runner again when a worker dies recording a finished job (a cut connection): jobs queued after still run', async () => {
    // The first completion of the job 'lost' fails: graphile-worker's worker gives up on that and leaves the pool.
    const completion = { table: '_private_jobs', when: 'BEFORE DELETE', each: 'ROW', condition: "OLD.payload->'payload'->>'text' = 'lost'" };
    await losingConnectionOnce('lose_first_completion', completion, async () => {
      const jobs = system(1);
      await jobs.start();
      await jobs.enqueue(db, note, { text: 'lost' }, { key: 'lost' });
      await waitFor(() => ran.includes('lost'), 10_000, 'the job whose completion is lost ran');
      await jobs.enqueue(db, note, { text: 'after' }, { key: 'after' });
      await waitFor(() => ran.includes('after'), 20_000, 'a job queued after its only worker died ran');
      // The job whose completion was lost runs again (at least once), without waiting for its lease.
      await waitFor(() => ran.filter((text) => text === 'lost').length === 2, 20_000, 'the lost job ran again');
    });
  });

  it('starts its runner again when loading the kinds it runs loses its connection: jobs still run', async () => {
    // graphile-worker loads a runner's task ids on its first look for a job (an INSERT ... unnest); the first such load fails.
    const taskLoad = { table: '_private_tasks', when: 'BEFORE INSERT', each: 'STATEMENT', condition: "current_query() LIKE '%unnest%'" };
    await losingConnectionOnce('lose_first_task_load', taskLoad, async () => {
      const jobs = system(1);
      await jobs.start();
      await jobs.enqueue(db, note, { text: 'after a lost load' }, { key: 'load' });
      await waitFor(() => ran.includes('after a lost load'), 20_000, 'a job queued after the lost load ran');
      expect(Number((await db.raw(`SELECT last_value FROM jobs_test.lose_first_task_load`)).rows[0].last_value)).toBeGreaterThanOrEqual(2);
    });
  });

  it('runs no graphile-worker cron loop, whose first query failing would reject where nothing handles it', async () => {
    // Signet schedules recurring work as jobs of its own; a cron loop would read this table at every start.
    await db.raw(`ALTER TABLE ${JOBS_SCHEMA}._private_known_crontabs RENAME TO _private_known_crontabs_hidden`);
    try {
      const jobs = system(1);
      await jobs.start();
      await jobs.enqueue(db, note, { text: 'without a cron loop' }, { key: 'cron' });
      await waitFor(() => ran.includes('without a cron loop'), 20_000, 'a job ran');
      await jobs.stop();
    } finally {
      await db.raw(`ALTER TABLE ${JOBS_SCHEMA}._private_known_crontabs_hidden RENAME TO _private_known_crontabs`);
    }
  });

  it('starts through its connections being cut while it starts (a database restarting at boot), then runs jobs', async () => {
    const jobs = system();
    let starting = true;
    const started = jobs.start().finally(() => {
      starting = false;
    });
    const jobsConnections = async () => Number((await db.raw('SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = ?', [JOBS_APPLICATION_NAME])).rows[0].count);
    // Each cut waits until the starting system has a connection again, so every one lands inside the start.
    for (let round = 0; round < 10 && starting; round += 1) {
      await waitFor(async () => !starting || (await jobsConnections()) > 0, 20_000, 'the job system connected');
      await db.raw('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = ?', [JOBS_APPLICATION_NAME]);
    }
    await started;
    await jobs.enqueue(db, note, { text: 'after boot' }, { key: 'boot' });
    await waitFor(() => ran.includes('after boot'), 20_000, 'a job queued after the start ran');
  });

  it('lives through its connections being cut while it works (PostgreSQL restarted, backends terminated), and runs every job', async () => {
    const jobs = system();
    await jobs.start();
    const texts = Array.from({ length: 150 }, (_, index) => `cut-${index}`);
    for (const text of texts) await jobs.enqueue(db, note, { text }, { key: text });
    for (let round = 0; round < 15; round += 1) {
      await db.raw('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      await new Promise((resolve) => setImmediate(resolve));
    }
    await waitFor(() => texts.every((text) => ran.includes(text)), 60_000, 'every job ran');
  });
});
