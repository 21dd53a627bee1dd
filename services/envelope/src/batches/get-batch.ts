import type { BatchView } from '@signet/contracts';
import { notFound, type RequestContext } from '@signet/http';
import type { BatchDeps } from './batch-deps';
import { batchView } from './batch-view';

/** GET /api/v1/batches/:id: progress, and every item's outcome once COMPLETED; another tenant's is 404. */
export async function getBatch(deps: BatchDeps, { context, batchId }: { context: RequestContext; batchId: string }): Promise<BatchView> {
  const batch = await deps.batches.find(deps.db, context.tenantId, batchId);
  if (!batch) throw notFound('Batch');
  return batchView(deps.db, deps.batches, batch);
}
