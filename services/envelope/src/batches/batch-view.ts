import type { BatchView } from '@signet/contracts';
import type { Knex } from 'knex';
import type { BatchRow, BatchStore } from './batch-store';

/** A batch as the API and batch.completed show it: counts always, item results once COMPLETED. */
export async function batchView(db: Knex, store: BatchStore, batch: BatchRow): Promise<BatchView> {
  const counts = await store.counts(db, batch.id);
  const view: BatchView = {
    id: batch.id,
    operation: batch.operation,
    status: batch.status,
    total: batch.total,
    succeeded: counts.succeeded,
    failed: counts.failed,
    created_at: batch.created_at.toISOString(),
    completed_at: batch.completed_at ? batch.completed_at.toISOString() : null
  };
  if (batch.status === 'COMPLETED') view.results = await store.results(db, batch.id);
  return view;
}
