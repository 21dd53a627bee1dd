import { UpdateWebhookRequest } from '@signet/contracts';
import { notFound, parseWith, validationError } from '@signet/http';
import type { WebhookDeps } from './webhook-deps';
import type { Owner, WebhookRow } from './model';
import { checkFields } from './webhook-input';

/**
 * PUT /api/v1/webhooks/:id: changes the fields sent (typically `subscriptions`; `url`, `auth`, null
 * to stop sending it, and `retry_schedule` too). Deliveries still pending go out with the new values.
 */
export async function updateWebhook(deps: WebhookDeps, { owner, webhookId, body }: { owner: Owner; webhookId: string; body: unknown }): Promise<WebhookRow> {
  const input = parseWith(UpdateWebhookRequest, body);
  const fields = checkFields(input, deps.policy);
  if (Object.keys(fields).length === 0) {
    throw validationError([{ field: '', message: 'send at least one of url, subscriptions, auth, retry_schedule' }]);
  }
  const webhook = await deps.webhooks.update(owner, webhookId, { ...fields, updated_at: deps.clock() });
  if (!webhook) throw notFound('Webhook');
  return webhook;
}
