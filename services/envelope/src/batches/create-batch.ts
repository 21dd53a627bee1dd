import { v7 as uuidv7 } from 'uuid';
import { BatchCreateRequest, type BatchView } from '@signet/contracts';
import { notFound, parseWith, type RequestContext, validationError } from '@signet/http';
import type { BatchDeps } from './batch-deps';
import type { BatchRow } from './batch-store';
import { batchView } from './batch-view';

/**
 * Which list an operation takes: envelope definitions to create, uses of a template, or ids of envelopes
 * to send, void or remind. A template's items are kept with its id; a void's reason with the batch.
 */
function itemsOf(input: BatchCreateRequest): unknown[] {
  const creates = input.operation === 'create' || input.operation === 'create_from_template';
  const wanted = creates ? 'items' : 'envelope_ids';
  const unwanted = creates ? 'envelope_ids' : 'items';
  const details = [];
  if (input[wanted] === undefined) details.push({ field: wanted, message: `is required for ${input.operation}` });
  if (input[unwanted] !== undefined) details.push({ field: unwanted, message: `is not taken by ${input.operation}` });
  if (input.operation === 'create_from_template' && input.template_id === undefined) details.push({ field: 'template_id', message: 'is required for create_from_template' });
  if (input.operation !== 'create_from_template' && input.template_id !== undefined) details.push({ field: 'template_id', message: `is not taken by ${input.operation}` });
  if (input.operation !== 'void' && input.reason !== undefined) details.push({ field: 'reason', message: `is not taken by ${input.operation}` });
  if (details.length > 0) throw validationError(details);
  const items = input[wanted] as unknown[];
  return input.operation === 'create_from_template' ? items.map((use) => ({ template_id: input.template_id, use })) : items;
}

/**
 * POST /api/v1/batches: stores the batch and its items, with its job, and answers 202 at once; the job runs
 * each item through the same use case as its single call. Items are checked when they run, so one bad
 * item fails alone.
 */
export async function createBatch(deps: BatchDeps, { context, body }: { context: RequestContext; body: unknown }): Promise<BatchView> {
  const input = parseWith(BatchCreateRequest, body ?? {});
  const items = itemsOf(input);
  if (input.template_id !== undefined && !(await deps.templates.load(deps.db, context.tenantId, input.template_id))) throw notFound('Template');
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
    reason: input.reason?.trim() ?? null,
    created_at: deps.clock(),
    completed_at: null
  };
  await deps.db.transaction(async (trx) => {
    await deps.batches.insert(trx, batch, items);
    await deps.jobs.queueBatch(trx, batch.id);
  });
  return batchView(deps.db, deps.batches, batch);
}
