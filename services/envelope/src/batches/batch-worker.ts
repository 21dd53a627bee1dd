import { createPollingLoop, PollingLoop, writeOutboxEvent } from '@signet/bus';
import type { BatchDeps } from './batch-deps';
import { batchView } from './batch-view';
import { runBatchItem } from './run-batch-item';

const MAX_BACKOFF_MS = 30_000;

/**
 * Runs batches in the background, one item per transaction: it claims the oldest unfinished batch no
 * other replica holds (FOR UPDATE SKIP LOCKED), runs its next item, records the outcome, and when no
 * item is left marks the batch COMPLETED and records batch.completed in the same transaction.
 */
export function createBatchWorker(deps: BatchDeps, pollIntervalMs: number): PollingLoop {
  async function step(): Promise<boolean> {
    let worked = false;
    await deps.db.transaction(async (trx) => {
      const batch = await deps.batches.claimBatch(trx);
      if (!batch) return;
      worked = true;
      if (batch.status === 'PENDING') await deps.batches.setStatus(trx, batch.id, 'RUNNING');
      const item = await deps.batches.nextItem(trx, batch.id);
      if (item) await deps.batches.finishItem(trx, item, await runBatchItem(deps, trx, batch, item), deps.clock());
      const counts = await deps.batches.counts(trx, batch.id);
      if (counts.pending > 0) return;
      const now = deps.clock();
      await deps.batches.setStatus(trx, batch.id, 'COMPLETED', now);
      const view = await batchView(trx, deps.batches, { ...batch, status: 'COMPLETED', completed_at: now });
      await writeOutboxEvent(trx, {
        eventType: 'batch.completed',
        key: batch.id,
        data: { ...view, status: 'COMPLETED', completed_at: now.toISOString(), results: view.results ?? [] },
        context: { tenantId: batch.tenant_id, apiKeyId: batch.api_key_id, requestId: batch.request_id },
        occurredAt: now
      });
    });
    if (worked) deps.relay.wake();
    return worked;
  }
  return createPollingLoop({ step, pollIntervalMs, maxBackoffMs: MAX_BACKOFF_MS, log: deps.log, what: 'batch worker' });
}
