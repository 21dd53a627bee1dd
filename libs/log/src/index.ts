import pino, { type DestinationStream } from 'pino';
import pretty from 'pino-pretty';

export type Logger = pino.Logger;

export interface LoggerOptions {
  level?: string;
  /** Names the process's own lines; each part's lines carry their own `service` (a child's binding), never both. */
  name?: string;
  /** Where lines go: stdout unless given (tests pass a stream). */
  destination?: DestinationStream;
  /** Human-readable lines instead of JSON: by default when stdout is a terminal. */
  pretty?: boolean;
}

/**
 * Structured JSON logs on stdout, or readable lines when a person watches a terminal;
 * `LOG_LEVEL=silent` turns them off (tests). Part loggers are `log.child({service})`.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const readable = options.pretty ?? (options.destination === undefined && process.stdout.isTTY === true);
  const destination = readable
    ? pretty({ colorize: options.destination === undefined, translateTime: 'SYS:HH:MM:ss.l', singleLine: true, sync: true, destination: options.destination ?? 1 })
    : options.destination;
  const settings: pino.LoggerOptions = {
    level: options.level ?? process.env.LOG_LEVEL ?? 'info',
    // No `name` and no pid/hostname: a part's line gets `service` from its child logger, so no key appears twice.
    base: options.name ? { service: options.name } : {},
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', 'headers.authorization', 'auth'], censor: '[redacted]' }
  };
  return destination ? pino(settings, destination) : pino(settings);
}
