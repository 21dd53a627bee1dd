import type { Express } from 'express';
import { requestContext } from '@signet/http';
import { type EvidenceDeps, getEvidence } from '../get-evidence';
import { getTimeline } from '../get-timeline';

/** The evidence API: adapters of the use cases. */
export function evidenceRoutes(router: Express, deps: EvidenceDeps): void {
  router.get('/api/v1/envelopes/:id/evidence', async (req, res) => {
    res.json(await getEvidence(deps, { context: requestContext(res), envelopeId: String(req.params.id) }));
  });
  router.get('/api/v1/envelopes/:id/timeline', async (req, res) => {
    res.json(await getTimeline(deps, { context: requestContext(res), envelopeId: String(req.params.id) }));
  });
}
