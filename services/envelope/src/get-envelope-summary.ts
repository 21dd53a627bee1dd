import type { Request, Response } from 'express';
import { notFound, requestContext } from '@signet/http';
import type { EnvelopeDeps } from './envelope-deps';
import { ENVELOPE_MACHINE } from './state/envelope-machine';

/**
 * GET /internal/envelopes/:id/summary: what another part needs to decide about an envelope (the upload
 * service: may it take documents, and whose webhooks hear about them).
 */
export function getEnvelopeSummary(deps: EnvelopeDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const envelope = await deps.store.summary(deps.db, requestContext(res).tenantId, String(req.params.id));
    if (!envelope) throw notFound('Envelope');
    res.json({ envelope: { ...envelope, accepts_documents: ENVELOPE_MACHINE.allows(envelope.status, 'edit') } });
  };
}
