import type { Express, Request, Response } from 'express';
import { AppError, requestContext } from '@signet/http';
import { createWebhook } from '../create-webhook';
import { deleteWebhook } from '../delete-webhook';
import { getDelivery } from '../get-delivery';
import { getWebhook } from '../get-webhook';
import { listDeliveries } from '../list-deliveries';
import { listWebhooks } from '../list-webhooks';
import { webhookView } from '../present/webhook-view';
import { redeliverDelivery } from '../redeliver-delivery';
import { rotateSigningSecret } from '../rotate-signing-secret';
import { sendTestEvent } from '../send-test-event';
import { updateWebhook } from '../update-webhook';
import type { Owner } from '../model';
import type { WebhookDeps } from '../webhook-deps';

/** The calling API key: webhooks are bound to it. */
function ownerOf(res: Response): Owner {
  const { tenantId, apiKeyId } = requestContext(res);
  return { tenantId, apiKeyId };
}

function requireJson(req: Request): void {
  if (!req.is('application/json')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the webhook as application/json');
}

/** The webhook API: adapters of the use cases, for the calling key. */
export function webhookRoutes(router: Express, deps: WebhookDeps): void {
  const id = (req: Request) => String(req.params.id);
  const owner = (res: Response) => ownerOf(res);

  router.post('/api/v1/webhooks', async (req, res) => {
    requireJson(req);
    res.json(await createWebhook(deps, { owner: owner(res), body: req.body }));
  });
  router.get('/api/v1/webhooks', async (_req, res) => {
    const webhooks = await listWebhooks(deps, { owner: owner(res) });
    res.json({ webhooks: webhooks.map(webhookView), total: webhooks.length });
  });
  router.get('/api/v1/webhooks/:id', async (req, res) => {
    res.json({ webhook: webhookView(await getWebhook(deps, { owner: owner(res), webhookId: id(req) })) });
  });
  router.put('/api/v1/webhooks/:id', async (req, res) => {
    requireJson(req);
    res.json({ success: true, webhook: webhookView(await updateWebhook(deps, { owner: owner(res), webhookId: id(req), body: req.body })) });
  });
  router.delete('/api/v1/webhooks/:id', async (req, res) => {
    await deleteWebhook(deps, { owner: owner(res), webhookId: id(req) });
    res.json({ success: true });
  });
  // The new secret is shown in this answer and never again.
  router.post('/api/v1/webhooks/:id/rotate_secret', async (req, res) => {
    const rotated = await rotateSigningSecret(deps, { owner: owner(res), webhookId: id(req) });
    res.json({
      success: true,
      webhook: { ...webhookView(rotated.webhook), signing_secret: rotated.signingSecret },
      previous_secret_expires_at: rotated.previousSecretExpiresAt.toISOString()
    });
  });
  router.get('/api/v1/webhooks/:id/deliveries', async (req, res) => {
    res.json(await listDeliveries(deps, { owner: owner(res), webhookId: id(req), query: req.query }));
  });
  router.get('/api/v1/webhooks/:id/deliveries/:delivery_id', async (req, res) => {
    res.json({ delivery: await getDelivery(deps, { owner: owner(res), webhookId: id(req), deliveryId: String(req.params.delivery_id) }) });
  });
  router.post('/api/v1/webhooks/:id/test', async (req, res) => {
    res.json({ success: true, delivery: await sendTestEvent(deps, { owner: owner(res), webhookId: id(req) }) });
  });
  router.post('/api/v1/webhooks/:id/deliveries/:delivery_id/redeliver', async (req, res) => {
    const delivery = await redeliverDelivery(deps, { owner: owner(res), webhookId: id(req), deliveryId: String(req.params.delivery_id) });
    res.json({ success: true, delivery });
  });
}
