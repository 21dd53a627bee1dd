import type { Request, Response } from 'express';
import { notFound } from '@signet/http';
import type { WebhookDeps } from './webhook-deps';
import { ownerOf } from './webhook-owner';

/** DELETE /api/v1/webhooks/:id: the webhook, its pending retries and its delivery log go at once. */
export function deleteWebhook(deps: WebhookDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    if (!(await deps.webhooks.remove(ownerOf(res), String(req.params.id)))) throw notFound('Webhook');
    res.json({ success: true });
  };
}
