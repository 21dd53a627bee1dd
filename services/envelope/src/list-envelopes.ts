import type { RequestContext } from '@signet/http';
import { inListOrder } from './components';
import type { EnvelopeDeps } from './envelope-deps';
import { encodeCursor } from './listing/envelope-cursor';
import { readListQuery } from './listing/read-list-query';
import { searchEnvelopes, signersOf } from './listing/search-envelopes';
import { iso } from './present/iso';
import { signerView } from './present/envelope-view';

/**
 * GET /api/v1/envelopes: the tenant's envelopes, newest first (or `order=asc`), filtered and paged in the
 * database; `next_cursor` is null on the last page.
 */
export async function listEnvelopes(deps: EnvelopeDeps, { context, query }: { context: RequestContext; query: Record<string, unknown> }) {
  const filters = readListQuery(query);
  const rows = await searchEnvelopes(deps.db, context.tenantId, filters, filters.limit + 1);
  const page = rows.slice(0, filters.limit);
  const signers = await signersOf(deps.db, page.map((row) => row.id));
  const last = page[page.length - 1];
  return {
    envelopes: page.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      sent_at: iso(row.sent_at),
      completed_at: iso(row.completed_at),
      voided_at: iso(row.voided_at),
      metadata: row.metadata,
      template_id: row.template_id ?? null,
      envelope_signers: inListOrder(signers.filter((signer) => signer.envelope_id === row.id)).map(signerView)
    })),
    next_cursor: rows.length > filters.limit && last ? encodeCursor({ createdAt: last.cursor_at, id: last.id, order: filters.order }) : null
  };
}
