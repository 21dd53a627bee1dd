import type { Request, Response } from 'express';
import { webhookView } from './present/webhook-view';
import type { WebhookDeps } from './webhook-deps';
import { ownedWebhook, ownerOf } from './webhook-owner';

/** GET /api/v1/webhooks/:id */
export function getWebhook(deps: WebhookDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const webhook = await ownedWebhook(deps.webhooks, ownerOf(res), String(req.params.id));
    res.json({ webhook: webhookView(webhook) });
  };
}
