import type { Express } from 'express';
import { requestContext } from '@signet/http';
import { type EvidenceDeps, getEvidence } from '../get-evidence';

/** The evidence API: an adapter of the use case. */
export function evidenceRoutes(router: Express, deps: EvidenceDeps): void {
  router.get('/api/v1/envelopes/:id/evidence', async (req, res) => {
    res.json(await getEvidence(deps, { context: requestContext(res), envelopeId: String(req.params.id) }));
  });
}
