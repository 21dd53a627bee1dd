import type { BatchSummary, BatchView } from '@signet/contracts';
import type { Knex } from 'knex';
import type { BatchCounts, BatchRow, BatchStore } from './batch-store';

/** A batch and its progress, as GET /api/v1/batches lists it. */
export function batchSummary(batch: BatchRow, counts: Pick<BatchCounts, 'succeeded' | 'failed'>): BatchSummary {
  return {
    id: batch.id,
    operation: batch.operation,
    status: batch.status,
    total: batch.total,
    succeeded: counts.succeeded,
    failed: counts.failed,
    reason: batch.reason ?? null,
    created_at: batch.created_at.toISOString(),
    completed_at: batch.completed_at ? batch.completed_at.toISOString() : null
  };
}

/** A batch as the API and batch.completed show it: counts always, item results once COMPLETED. */
export async function batchView(db: Knex, store: BatchStore, batch: BatchRow): Promise<BatchView> {
  const view: BatchView = batchSummary(batch, await store.counts(db, batch.id));
  if (batch.status === 'COMPLETED') view.results = await store.results(db, batch.id);
  return view;
}
