import type { Owner, WebhookRow } from './model';
import type { WebhookDeps } from './webhook-deps';
import { ownedWebhook } from './webhook-owner';

/** GET /api/v1/webhooks/:id */
export function getWebhook(deps: WebhookDeps, { owner, webhookId }: { owner: Owner; webhookId: string }): Promise<WebhookRow> {
  return ownedWebhook(deps.webhooks, owner, webhookId);
}
