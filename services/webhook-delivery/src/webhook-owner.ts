import type { Response } from 'express';
import { notFound, requestContext } from '@signet/http';
import type { Owner, WebhookRow } from './model';
import type { WebhookStore } from './store/webhook-store';

/** The calling API key: webhooks are bound to it (spec 5.2). */
export function ownerOf(res: Response): Owner {
  const { tenantId, apiKeyId } = requestContext(res);
  return { tenantId, apiKeyId };
}

/** The key's webhook named in the path, or 404 (another key's or tenant's webhook included). */
export async function ownedWebhook(webhooks: WebhookStore, owner: Owner, id: string): Promise<WebhookRow> {
  const webhook = await webhooks.find(owner, id);
  if (!webhook) throw notFound('Webhook');
  return webhook;
}
