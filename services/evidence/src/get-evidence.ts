import { AppError, notFound, requestContext } from '@signet/http';
import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import type { EvidenceGenerator } from './evidence-generator';
import { timelineStore } from './timeline-store';

/**
 * GET /api/v1/envelopes/:id/evidence: 404 for an envelope this tenant does not have, 409 CONFLICT
 * unless it is SUCCESS; the first call renders (at most one render), later calls answer from the cache.
 */
export function getEvidence(deps: { db: Knex; generator: EvidenceGenerator }) {
  return async (req: Request, res: Response): Promise<void> => {
    const context = requestContext(res);
    const row = await timelineStore.find(deps.db, String(req.params.id));
    if (!row || row.tenant_id !== context.tenantId || row.snapshot === null) throw notFound('Envelope');
    if (row.snapshot.status !== 'SUCCESS') {
      throw new AppError('CONFLICT', `The evidence sheet exists once the envelope is SUCCESS; it is ${String(row.snapshot.status)}`);
    }
    const rendered = row.blob_key === null ? await deps.generator.renderOnce(row.envelope_id) : row;
    res.json(await deps.generator.cached(rendered));
  };
}
