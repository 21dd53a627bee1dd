import type { Request, Response } from 'express';
import { notFound, requestContext } from '@signet/http';
import type { BatchDeps } from './batch-deps';
import { batchView } from './batch-view';

/** GET /api/v1/batches/:id: progress, and every item's outcome once COMPLETED; another tenant's is 404. */
export function getBatch(deps: BatchDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const batch = await deps.batches.find(deps.db, requestContext(res).tenantId, String(req.params.id));
    if (!batch) throw notFound('Batch');
    res.json({ batch: await batchView(deps.db, deps.batches, batch) });
  };
}
