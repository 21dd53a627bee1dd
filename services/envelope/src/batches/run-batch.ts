import type { Knex } from 'knex';
import { writeOutboxEvent } from '@signet/bus';
import type { BatchDeps } from './batch-deps';
import type { BatchItemRow, BatchRow } from './batch-store';
import { batchView } from './batch-view';
import { envelopeIdOf, runBatchItem, type BatchItemOutcome } from './run-batch-item';

/** What an item that could not run, time after time, ends with. */
const GIVEN_UP: BatchItemOutcome['error'] = {
  code: 'SERVICE_UNAVAILABLE', error: 'A part Signet needs did not answer, time after time; send this item again'
};

/**
 * Records an item's outcome in the batch's transaction; with items left, the batch's job is queued
 * again (behind the jobs already due, so batches take turns item by item); with none, the batch is
 * COMPLETED and batch.completed recorded with it.
 */
async function finishItem(deps: BatchDeps, trx: Knex.Transaction, batch: BatchRow, item: BatchItemRow, outcome: BatchItemOutcome): Promise<void> {
  await deps.batches.finishItem(trx, item, outcome, deps.clock());
  const counts = await deps.batches.counts(trx, batch.id);
  if (counts.pending > 0) {
    await deps.jobs.queueBatch(trx, batch.id);
    return;
  }
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
}

/** Takes the batch (locked for this transaction: one item of a batch runs at a time) and its next item. */
async function withNextItem(deps: BatchDeps, batchId: string, work: (trx: Knex.Transaction, batch: BatchRow, item: BatchItemRow) => Promise<void>): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const batch = await deps.batches.lockUnfinished(trx, batchId);
    if (!batch) return;
    if (batch.status === 'PENDING') await deps.batches.setStatus(trx, batch.id, 'RUNNING');
    const item = await deps.batches.nextItem(trx, batch.id);
    if (item) await work(trx, batch, item);
  });
  deps.relay.wake();
}

/**
 * The batch's job: runs its next item in one transaction with the item's outcome, so a worker that dies
 * mid-item leaves it PENDING and nothing done. A fault a retry may cure rolls the item back and the job
 * retries it later.
 */
export function runBatchStep(deps: BatchDeps, batchId: string): Promise<void> {
  return withNextItem(deps, batchId, async (trx, batch, item) => finishItem(deps, trx, batch, item, await runBatchItem(deps, trx, batch, item)));
}

/** The job's retries ran out on an item: it fails alone, and the batch goes on with the rest. */
export function giveUpBatchItem(deps: BatchDeps, batchId: string): Promise<void> {
  return withNextItem(deps, batchId, (trx, batch, item) => finishItem(deps, trx, batch, item, { status: 'FAILED', envelope_id: envelopeIdOf(batch, item), error: GIVEN_UP }));
}
