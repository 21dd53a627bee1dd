import type { Knex } from 'knex';
import { EnvelopeCreateRequest, TemplateUseRequest } from '@signet/contracts';
import { AppError, RequestContext } from '@signet/http';
import { createEnvelopeFrom } from '../create-envelope';
import { remindEnvelope } from '../expiry/remind-envelope';
import { checkEnvelopeInput, MAX_INLINE_DOCUMENT_BYTES } from '../form/read-envelope-form';
import { sendEnvelope } from '../send-envelope';
import { createFromTemplate } from '../templates/use-template';
import { voidEnvelope } from '../void-envelope';
import type { BatchDeps } from './batch-deps';
import type { BatchItemRow, BatchRow } from './batch-store';

export type BatchItemOutcome = Pick<BatchItemRow, 'status' | 'envelope_id' | 'error'>;

/** The multipart form refuses larger fields before parsing; a batch item's JSON gets the same limit here. */
function checkInlineSizes(input: Pick<EnvelopeCreateRequest, 'documents'>): void {
  for (const [key, document] of Object.entries(input.documents ?? {})) {
    if (document.base64.length > Math.ceil(MAX_INLINE_DOCUMENT_BYTES / 3) * 4 + 4) {
      throw new AppError('PAYLOAD_TOO_LARGE', `documents[${key}][base64] is larger than ${MAX_INLINE_DOCUMENT_BYTES} bytes`);
    }
  }
}

async function createItem(deps: BatchDeps, context: RequestContext, raw: unknown): Promise<string> {
  const input = checkEnvelopeInput(EnvelopeCreateRequest, raw);
  checkInlineSizes(input);
  await spendOrRefuse(deps, context);
  return (await createEnvelopeFrom(deps, context, input)).envelope.id;
}

/** A create_from_template item: a use of the batch's template, counted against the plan as a single create. */
async function createItemFromTemplate(deps: BatchDeps, context: RequestContext, raw: unknown): Promise<string> {
  const { template_id: templateId, use } = raw as { template_id: string; use: unknown };
  const input = checkEnvelopeInput(TemplateUseRequest, use);
  checkInlineSizes(input as Pick<EnvelopeCreateRequest, 'documents'>);
  await spendOrRefuse(deps, context);
  return (await createFromTemplate(deps, { context, templateId, input })).envelope.id;
}

async function spendOrRefuse(deps: BatchDeps, context: RequestContext): Promise<void> {
  const decision = await deps.limits.spend(context);
  if (decision && !decision.allowed) {
    throw new AppError('RATE_LIMITED', `Rate limit reached for envelope.create on the ${context.plan} plan; retry in ${decision.retryAfterSeconds} s`);
  }
}

/** The envelope an item names: the id a send, void or remind item is; none for the creating operations until they create it. */
export function envelopeIdOf(batch: BatchRow, item: BatchItemRow): string | null {
  return batch.operation === 'create' || batch.operation === 'create_from_template' ? null : String(item.input);
}

/** A send, void or remind item: the single call's use case on the envelope it names (a void with the batch's reason). */
async function runOnEnvelope(deps: BatchDeps, context: RequestContext, batch: BatchRow, envelopeId: string): Promise<void> {
  if (batch.operation === 'send') await sendEnvelope(deps, { context, envelopeId });
  else if (batch.operation === 'remind') await remindEnvelope(deps, { context, envelopeId });
  else await voidEnvelope(deps, { context, envelopeId, ...(batch.reason === null ? {} : { reason: batch.reason }) });
}

/**
 * Runs one item through the use case its single call runs, inside the worker's transaction (the use
 * case's own transaction becomes a savepoint), so the item's effect, its events and its outcome commit
 * together: a worker that dies mid-item leaves it PENDING and nothing done. A verdict on the item (4xx)
 * is its outcome; a fault a retry may cure (a part not reachable) is thrown, and the item runs again later.
 */
export async function runBatchItem(deps: BatchDeps, trx: Knex.Transaction, batch: BatchRow, item: BatchItemRow): Promise<BatchItemOutcome> {
  const context: RequestContext = {
    tenantId: batch.tenant_id, apiKeyId: batch.api_key_id, plan: batch.plan, requestId: batch.request_id ?? '', ...(batch.envelope_limits ? { envelopeLimits: batch.envelope_limits } : {})
  };
  const itemDeps: BatchDeps = { ...deps, db: trx };
  const envelopeId = envelopeIdOf(batch, item);
  try {
    if (batch.operation === 'create') return { status: 'SUCCEEDED', envelope_id: await createItem(itemDeps, context, item.input), error: null };
    if (batch.operation === 'create_from_template') return { status: 'SUCCEEDED', envelope_id: await createItemFromTemplate(itemDeps, context, item.input), error: null };
    await runOnEnvelope(itemDeps, context, batch, envelopeId as string);
    return { status: 'SUCCEEDED', envelope_id: envelopeId, error: null };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return { status: 'FAILED', envelope_id: envelopeId, error: { code: error.code, error: error.message, ...(error.details ? { details: error.details } : {}) } };
    }
    if (error instanceof AppError) throw error;
    deps.log.error({ err: error, batch_id: batch.id, index: item.index }, 'a batch item failed unexpectedly');
    return { status: 'FAILED', envelope_id: envelopeId, error: { code: 'INTERNAL_ERROR', error: 'An unexpected fault; the request id of the batch finds it in the logs' } };
  }
}
