import { v7 as uuidv7 } from 'uuid';
import { BatchCreateRequest, type BatchView } from '@signet/contracts';
import { parseWith, type RequestContext, validationError } from '@signet/http';
import type { BatchDeps } from './batch-deps';
import type { BatchRow } from './batch-store';
import { batchView } from './batch-view';

/** Which list an operation takes: envelope definitions to create, or ids of envelopes to send or void. */
function itemsOf(input: BatchCreateRequest): unknown[] {
  const wanted = input.operation === 'create' ? 'items' : 'envelope_ids';
  const unwanted = input.operation === 'create' ? 'envelope_ids' : 'items';
  const details = [];
  if (input[wanted] === undefined) details.push({ field: wanted, message: `is required for ${input.operation}` });
  if (input[unwanted] !== undefined) details.push({ field: unwanted, message: `is not taken by ${input.operation}` });
  if (details.length > 0) throw validationError(details);
  return input[wanted] as unknown[];
}

/**
 * POST /api/v1/batches: stores the batch and its items, with its job, and answers 202 at once; the job runs
 * each item through the same use case as its single call. Items are checked when they run, so one bad
 * item fails alone.
 */
export async function createBatch(deps: BatchDeps, { context, body }: { context: RequestContext; body: unknown }): Promise<BatchView> {
  const input = parseWith(BatchCreateRequest, body ?? {});
  const items = itemsOf(input);
  const batch: BatchRow = {
    id: uuidv7(),
    tenant_id: context.tenantId,
    api_key_id: context.apiKeyId,
    plan: context.plan,
    envelope_limits: context.envelopeLimits ?? null,
    request_id: context.requestId,
    operation: input.operation,
    status: 'PENDING',
    total: items.length,
    created_at: deps.clock(),
    completed_at: null
  };
  await deps.db.transaction(async (trx) => {
    await deps.batches.insert(trx, batch, items);
    await deps.jobs.queueBatch(trx, batch.id);
  });
  return batchView(deps.db, deps.batches, batch);
}
