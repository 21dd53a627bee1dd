import { BatchListQuery } from '@signet/contracts';
import { parseWith, type RequestContext } from '@signet/http';
import { decodeCursor, encodeCursor } from '../listing/envelope-cursor';
import type { BatchDeps } from './batch-deps';
import { batchSummary } from './batch-view';

const DEFAULT_LIMIT = 20;

/**
 * GET /api/v1/batches: the tenant's batches newest first, each with its progress (the results stay with
 * GET /api/v1/batches/:id), keyset-paged like the envelope list; `next_cursor` is null on the last page.
 */
export async function listBatches(deps: BatchDeps, { context, query }: { context: RequestContext; query: Record<string, unknown> }) {
  const input = parseWith(BatchListQuery, query);
  const limit = input.limit === undefined ? DEFAULT_LIMIT : Number(input.limit);
  const rows = await deps.batches.list(deps.db, context.tenantId, { limit, cursor: input.cursor === undefined ? null : decodeCursor(input.cursor, 'desc') });
  const page = rows.slice(0, limit);
  const counts = await deps.batches.countsOf(deps.db, page.map((row) => row.id));
  const last = page[page.length - 1];
  return {
    batches: page.map(({ cursor_at: _cursorAt, ...batch }) => batchSummary(batch, counts.get(batch.id) ?? { succeeded: 0, failed: 0 })),
    next_cursor: rows.length > limit && last ? encodeCursor({ createdAt: last.cursor_at, id: last.id, order: 'desc' }) : null
  };
}
