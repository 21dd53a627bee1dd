import { Logger as GraphileLogger } from 'graphile-worker';
import type { Logger } from '@signet/log';

/** graphile-worker's lines through Signet's logger; its chatty start-up lines go to debug. */
export function graphileLogger(log: Logger | null): GraphileLogger {
  return new GraphileLogger(() => (level, message, meta) => {
    if (!log) return;
    const fields = { component: 'jobs', ...(meta as Record<string, unknown> | undefined) };
    if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    else log.debug(fields, message);
  });
}
