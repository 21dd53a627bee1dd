import { notFound } from '@signet/http';
import type { Owner } from './model';
import type { WebhookDeps } from './webhook-deps';

/** DELETE /api/v1/webhooks/:id: the webhook, its pending retries and its delivery log go at once. */
export async function deleteWebhook(deps: WebhookDeps, { owner, webhookId }: { owner: Owner; webhookId: string }): Promise<void> {
  if (!(await deps.webhooks.remove(owner, webhookId))) throw notFound('Webhook');
}
