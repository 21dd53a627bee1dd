import type { Express } from 'express';
import { requestContext } from '@signet/http';
import { listDeadLetters } from '../list-dead-letters';
import { retryDeadLetter } from '../retry-dead-letter';
import type { WebhookDeps } from '../webhook-deps';

/** The dead letters API: adapters of the use cases, for the calling key. */
export function deadLetterRoutes(router: Express, deps: WebhookDeps): void {
  router.get('/api/v1/dead_letters', async (req, res) => {
    const { tenantId, apiKeyId } = requestContext(res);
    res.json(await listDeadLetters(deps, { owner: { tenantId, apiKeyId }, query: req.query }));
  });
  router.post('/api/v1/dead_letters/:id/retry', async (req, res) => {
    const { tenantId, apiKeyId } = requestContext(res);
    res.json({ success: true, ...(await retryDeadLetter(deps, { owner: { tenantId, apiKeyId }, deadLetterId: String(req.params.id) })) });
  });
}
