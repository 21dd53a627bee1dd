import type { Request, Response } from 'express';
import { notFound, requestContext } from '@signet/http';
import type { EnvelopeDeps } from './envelope-deps';
import { envelopeView } from './present/envelope-view';

export function getEnvelope(deps: EnvelopeDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const aggregate = await deps.store.load(deps.db, requestContext(res).tenantId, String(req.params.id));
    if (!aggregate) throw notFound('Envelope');
    res.json({ envelope: await envelopeView(aggregate, deps.links) });
  };
}
