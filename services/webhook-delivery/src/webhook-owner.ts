import { notFound } from '@signet/http';
import type { Owner, WebhookRow } from './model';
import type { WebhookStore } from './store/webhook-store';

/** The key's webhook named in the path, or 404 (another key's or tenant's webhook included). */
export async function ownedWebhook(webhooks: WebhookStore, owner: Owner, id: string): Promise<WebhookRow> {
  const webhook = await webhooks.find(owner, id);
  if (!webhook) throw notFound('Webhook');
  return webhook;
}
