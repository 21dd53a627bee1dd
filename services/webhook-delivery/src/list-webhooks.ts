import type { Owner, WebhookRow } from './model';
import type { WebhookDeps } from './webhook-deps';

/** GET /api/v1/webhooks: every webhook of the calling key, oldest first. */
export function listWebhooks(deps: WebhookDeps, { owner }: { owner: Owner }): Promise<WebhookRow[]> {
  return deps.webhooks.list(owner);
}
