import type { Request, Response } from 'express';
import { UpdateWebhookRequest } from '@signet/contracts';
import { notFound, parseWith, validationError } from '@signet/http';
import { webhookView } from './present/webhook-view';
import type { WebhookDeps } from './webhook-deps';
import { checkFields, requireJson } from './webhook-input';
import { ownerOf } from './webhook-owner';

/**
 * PUT /api/v1/webhooks/:id: changes the fields sent (spec 4.4 names `subscriptions`; `url`, `auth`, null
 * to stop sending it, and `retry_schedule` too). Deliveries still pending go out with the new values.
 */
export function updateWebhook(deps: WebhookDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    requireJson(req);
    const input = parseWith(UpdateWebhookRequest, req.body);
    const fields = checkFields(input, deps.policy);
    if (Object.keys(fields).length === 0) {
      throw validationError([{ field: '', message: 'send at least one of url, subscriptions, auth, retry_schedule' }]);
    }
    const webhook = await deps.webhooks.update(ownerOf(res), String(req.params.id), { ...fields, updated_at: deps.clock() });
    if (!webhook) throw notFound('Webhook');
    res.json({ success: true, webhook: webhookView(webhook) });
  };
}
