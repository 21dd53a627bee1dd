import { AppError } from './app-error';

/** What a client hit by a transient database fault is told to wait. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * SQLSTATEs that say "not now" rather than "never": serialization failure, deadlock, the server shutting
 * down or cancelling (pg_terminate_backend is 57P01), too many connections, and the connection classes.
 */
const TRANSIENT_SQLSTATES = new Set(['40001', '40P01', '57P01', '57P02', '57P03', '53300']);
const TRANSIENT_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
/** What node-postgres and knex say, without a code, when a connection ends under them or the pool is exhausted. */
const TRANSIENT_MESSAGES = [/Connection terminated/i, /connection is closed/i, /Client has encountered a connection error/i, /Knex: Timeout acquiring a connection/i];

interface CodedError {
  code?: unknown;
  message?: unknown;
}

/** A database fault that the same statement, run again a moment later, is expected to get past. */
export function isTransientDatabaseError(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { code, message } = error as CodedError;
  if (typeof code === 'string' && (TRANSIENT_SQLSTATES.has(code) || code.startsWith('08') || TRANSIENT_NODE_CODES.has(code))) return true;
  return typeof message === 'string' && TRANSIENT_MESSAGES.some((pattern) => pattern.test(message));
}

/** An error a library raises when it is out of capacity, with how long to wait (libs/pdf's PdfOverloadedError). */
interface OverloadedError {
  overloaded: true;
  retryAfterSeconds: number;
  message: string;
}

function isOverloaded(error: unknown): error is OverloadedError {
  const candidate = error as Partial<OverloadedError> | null;
  return typeof candidate === 'object' && candidate !== null && candidate.overloaded === true && typeof candidate.retryAfterSeconds === 'number';
}

/**
 * Running out of room is not a verdict on the request: 503 OVERLOADED with Retry-After, so clients
 * retry, where a 4xx would tell them not to and a 500 would tell them nothing.
 */
export function capacityError(error: unknown): AppError | null {
  if (isOverloaded(error)) {
    return new AppError('OVERLOADED', error.message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(error.retryAfterSeconds))) });
  }
  if (isTransientDatabaseError(error)) {
    return new AppError('OVERLOADED', 'The database is briefly unavailable; retry later', undefined, { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) });
  }
  return null;
}
