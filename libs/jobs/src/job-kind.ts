import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';

/** What a job's handler learns about the job besides its payload. */
export interface JobContext {
  jobId: string;
  /** The cause's key, or null for a job queued without one. */
  key: string | null;
  /** 1 for the first attempt. */
  attempt: number;
}

/** One kind of background work, its whole retry policy declared beside what it does. */
export interface JobKind<S extends TSchema = TSchema> {
  /** `<part>.<verb-noun>`, unique in the process: `envelope.complete-envelope`. */
  name: string;
  payload: S;
  /** Attempts in all, the first included; past the last the job is dead-lettered. */
  maxAttempts: number;
  /** The wait after the `attempt`-th failed attempt. */
  backoffMs(attempt: number): number;
  /** The slowest honest attempt: a job held longer had a dead worker (kill -9, a lost connection) and runs again. */
  leaseMs: number;
  run(payload: Static<S>, context: JobContext): Promise<void>;
  /** What the domain records past the last attempt; the job stays in the jobs table, failed, whatever this does. */
  onDeadLetter?(payload: Static<S>, error: unknown, context: JobContext): Promise<void>;
}

/** A kind's name and payload: all that queuing a job needs (a migration carrying rows over has no handler). */
export type JobSpec<S extends TSchema = TSchema> = Pick<JobKind<S>, 'name' | 'payload'>;

// Lists of kinds mix payload types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobKind = JobKind<any>;

export function defineJobKind<S extends TSchema>(kind: JobKind<S>): JobKind<S> {
  return kind;
}

/** A recurring kind (`jobs.every`): no payload, one attempt (the next run is the retry). */
export function defineRecurringJob(name: string, leaseMs: number, run: () => Promise<unknown>): JobKind<TObject> {
  return defineJobKind({ name, payload: Type.Object({}), maxAttempts: 1, backoffMs: () => 0, leaseMs, run: async () => void (await run()) });
}

/** `firstMs`, then doubling, never more than `maxMs`. */
export function doublingBackoff(firstMs: number, maxMs: number): (attempt: number) => number {
  return (attempt) => Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt - 1));
}
