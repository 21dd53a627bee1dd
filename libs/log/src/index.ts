import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs on stdout; `LOG_LEVEL=silent` turns them off (tests). */
export function createLogger(options: { level?: string; name?: string } = {}): Logger {
  return pino({
    name: options.name ?? 'signet',
    level: options.level ?? process.env.LOG_LEVEL ?? 'info',
    base: { service: options.name ?? 'signet' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', 'headers.authorization', 'auth'], censor: '[redacted]' }
  });
}
