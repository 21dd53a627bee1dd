import type { Knex } from 'knex';

/** Attempts of one transaction or read, the first included, when it fails in a way that is safe to repeat. */
export const TRANSIENT_ATTEMPTS = 3;
const BACKOFF_MS = 25;

/** PostgreSQL rolled the transaction back itself: serialization failure, deadlock. */
const ROLLED_BACK_SQLSTATES = new Set(['40001', '40P01']);
/** The connection was lost or never made: class 08, the server ending sessions (pg_terminate_backend is 57P01), too many clients. */
const CONNECTION_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const CONNECTION_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);
const CONNECTION_MESSAGES = [/Connection terminated/i, /connection is closed/i, /Client has encountered a connection error/i];

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** The connection was lost or never made: whether the statement ran is not known from the error. */
export function lostConnection(error: unknown): boolean {
  const code = codeOf(error);
  if (CONNECTION_SQLSTATES.has(code) || code.startsWith('08') || CONNECTION_NODE_CODES.has(code)) return true;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Whether running the whole transaction again is safe: PostgreSQL rolled it back (serialization failure,
 * deadlock), or the connection was lost while the transaction's own work ran, so it was never committed.
 * A connection lost during COMMIT is not: the transaction may have committed, and repeating it could
 * do its work twice, so that one reaches the caller (a 503 OVERLOADED, see libs/http).
 */
function safeToRepeat(error: unknown, workFinished: boolean): boolean {
  if (ROLLED_BACK_SQLSTATES.has(codeOf(error))) return true;
  return !workFinished && lostConnection(error);
}

function pause(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, BACKOFF_MS * attempt * (1 + Math.random())));
}

type TransactionWork<T> = (trx: Knex.Transaction) => Promise<T>;

/**
 * Makes `db.transaction(work)` repeat the whole transaction, up to TRANSIENT_ATTEMPTS times with a
 * short growing pause, when it fails in a way that is safe to repeat (above). Work passed to
 * db.transaction must therefore be repeatable: its effects are the database's, rolled back together, and
 * whatever it does outside (blob writes of content-addressed or fresh keys) tolerates being done again.
 */
export function retryTransientTransactions(db: Knex): void {
  // knex forwards db.transaction to its context object, where the method can be replaced.
  const context = (db as unknown as { context: { transaction: (...args: unknown[]) => Promise<unknown> } }).context;
  const original = context.transaction.bind(context);
  const retrying = async (work: TransactionWork<unknown>, config?: Knex.TransactionConfig): Promise<unknown> => {
    for (let attempt = 1; ; attempt++) {
      let workFinished = false;
      try {
        return await original(async (trx: Knex.Transaction) => {
          const result = await work(trx);
          workFinished = true;
          return result;
        }, config);
      } catch (error) {
        if (attempt >= TRANSIENT_ATTEMPTS || !safeToRepeat(error, workFinished)) throw error;
        await pause(attempt);
      }
    }
  };
  // Only the callback form is repeatable; db.transaction() without work returns a transaction provider.
  context.transaction = (work?: unknown, config?: unknown) =>
    typeof work === 'function' ? retrying(work as TransactionWork<unknown>, config as Knex.TransactionConfig) : original(work, config);
}

interface Runner {
  run(): Promise<unknown>;
}

interface RunnerClient {
  runner(builder: unknown): Runner;
  /** Set on the client of a transaction: its statements are repeated only with the whole transaction. */
  transacting?: boolean;
}

/** A plain read: repeating it on a new connection changes nothing. */
function isRead(builder: unknown): boolean {
  const { _method: method } = builder as { _method?: unknown };
  return method === 'select' || method === 'first' || method === 'pluck';
}

/**
 * Makes a read outside a transaction (`db('table').where(...)`, `.first()`) run again on a new connection,
 * up to TRANSIENT_ATTEMPTS times, when its connection was lost under it (a pooled connection the server
 * ended, a restart). Writes outside a transaction are not repeated: whether they took effect is unknown.
 */
export function retryTransientReads(db: Knex): void {
  const client = db.client as RunnerClient;
  const original = client.runner;
  client.runner = function runnerWithRetries(this: RunnerClient, builder: unknown): Runner {
    const runner = original.call(this, builder);
    if (this.transacting || !isRead(builder)) return runner;
    const runOnce = runner.run.bind(runner);
    runner.run = async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          // Each attempt gets a runner of its own, which acquires a connection of its own.
          return await (attempt === 1 ? runOnce() : original.call(this, builder).run());
        } catch (error) {
          if (attempt >= TRANSIENT_ATTEMPTS || !lostConnection(error)) throw error;
          await pause(attempt);
        }
      }
    };
    return runner;
  };
}

/**
 * Runs `step` again, up to `attempts` times in all and `pauseMs` apart, while it fails by losing its
 * connection: for a step that is safe to repeat even if it took effect (a COMMIT whose answer was lost).
 */
export async function repeatingThroughLostConnections<T>(step: () => Promise<T>, attempts: number, pauseMs: number, onLost?: (error: unknown, attempt: number) => void): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      if (!lostConnection(error) || attempt >= attempts) throw error;
      onLost?.(error, attempt);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}
