import type { Request, Response } from 'express';
import { webhookView } from './present/webhook-view';
import type { WebhookDeps } from './webhook-deps';
import { ownerOf } from './webhook-owner';

/** GET /api/v1/webhooks: every webhook of the calling key, oldest first. */
export function listWebhooks(deps: WebhookDeps) {
  return async (_req: Request, res: Response): Promise<void> => {
    const webhooks = await deps.webhooks.list(ownerOf(res));
    res.json({ webhooks: webhooks.map(webhookView), total: webhooks.length });
  };
}
