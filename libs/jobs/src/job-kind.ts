import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';

/** What a job's handler learns about the job besides its payload. */
export interface JobContext {
  jobId: string;
  /** The cause's key (without the kind's prefix), or null for a job enqueued without one. */
  key: string | null;
  /** 1 for the first attempt. */
  attempt: number;
}

/**
 * One kind of background work. Everything about how it retries is declared here, next to what it does,
 * so a reader sees the whole policy in one place.
 */
export interface JobKind<S extends TSchema = TSchema> {
  /** `<part>.<verb-noun>`, unique in the process: `envelope.complete-envelope`. */
  name: string;
  payload: S;
  /** Attempts in all, the first included; past the last the job is dead-lettered. */
  maxAttempts: number;
  /** How long to wait after the `attempt`-th failed attempt before the next one. */
  backoffMs(attempt: number): number;
  /**
   * How long one attempt may hold its job. A job held longer is taken as its worker's death (kill -9, a
   * lost connection) and runs again, so this must outlast the slowest honest attempt.
   */
  leaseMs: number;
  run(payload: Static<S>, context: JobContext): Promise<void>;
  /**
   * Past the last attempt: what the domain records about it (a delivery marked FAILED). The job itself
   * stays in the jobs table, failed, whatever this does.
   */
  onDeadLetter?(payload: Static<S>, error: unknown, context: JobContext): Promise<void>;
}

/** A kind's name and payload: all that queuing a job needs (a migration carrying rows over has no handler). */
export type JobSpec<S extends TSchema = TSchema> = Pick<JobKind<S>, 'name' | 'payload'>;

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

// eslint-style escape hatch for heterogeneous lists of kinds.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobKind = JobKind<any>;
