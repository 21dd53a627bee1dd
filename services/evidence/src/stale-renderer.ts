import { createPollingLoop, type PollingLoop } from '@signet/bus';
import type { Logger } from '@signet/log';
import type { Knex } from 'knex';
import type { EvidenceGenerator } from './evidence-generator';
import { timelineStore } from './timeline-store';

/**
 * Re-renders evidence whose timeline grew after it was rendered, one envelope per step, off the consumer
 * and off the HTTP request (which keeps answering with the previous document meanwhile).
 */
export function createStaleRenderer(deps: { db: Knex; generator: EvidenceGenerator; log: Logger; pollIntervalMs: number }): PollingLoop {
  return createPollingLoop({
    what: 're-rendering stale evidence',
    log: deps.log.child({ component: 'stale-renderer' }),
    pollIntervalMs: deps.pollIntervalMs,
    maxBackoffMs: 30_000,
    async step() {
      const envelopeId = await timelineStore.nextStale(deps.db);
      if (envelopeId === undefined) return false;
      await deps.generator.renderOnce(envelopeId);
      return true;
    }
  });
}
