import { WEBHOOK_EVENT_TYPES } from '@signet/contracts';
import type { Capture } from './capture';

/** The API key's defaults: read (all, then two categories), change, and a change that is refused. */
export async function captureSettings({ api }: Capture): Promise<void> {
  await api.call('GET /api/v1/settings', 200, { query: { scope: 'branding,signature_flow' } });
  await api.call('PUT /api/v1/settings', 200, { json: { branding: { name: 'Acme Inc.', url_homepage: 'https://acme.example', color: '#0f766e' }, signature_flow: { language: 'EN' }, emails: { envelope_voided: 'FALSE' } } });
  await api.call('PUT /api/v1/settings', 422, { json: { signature_flow: { language: 'KLINGON' } } });
  await api.call('GET /api/v1/settings/preview/signer_page', 200, { query: { language: 'ES' } });
  await api.call('GET /api/v1/settings/preview/signer_page', 422, { query: { language: 'KLINGON' } });
  await api.call('GET /api/v1/settings/preview/invitation_email', 200);
  await api.call('GET /api/v1/settings', 401, { key: 'Bearer not-a-key' });
}

/** A webhook subscribed to every event (the receiver keeps each delivery); its reads and a refused subscription. */
export async function captureWebhook({ api, receiver }: Capture): Promise<string> {
  const created = await api.call('POST /api/v1/webhooks', 200, {
    json: { url: receiver.url, subscriptions: WEBHOOK_EVENT_TYPES.join(','), auth_type: 'header', auth: 'my-shared-secret' }
  });
  const id = created.body.webhook.id as string;
  await api.call('POST /api/v1/webhooks', 422, { json: { url: receiver.url, subscriptions: 'envelope.signed' } });
  await api.call('PUT /api/v1/webhooks/:id', 200, { params: { id }, json: { auth: 'my-rotated-secret', retry_schedule: 'EXTENDED' } });
  await api.call('POST /api/v1/webhooks/:id/rotate_secret', 200, { params: { id } });
  await api.call('GET /api/v1/webhooks/:id', 200, { params: { id } });
  await api.call('GET /api/v1/webhooks', 200);
  return id;
}

/** Once the other flows have made deliveries: the delivery log, a redelivery, and the webhook's deletion. */
export async function captureDeliveries({ api }: Capture, id: string): Promise<void> {
  const page = await api.call('GET /api/v1/webhooks/:id/deliveries', 200, { params: { id }, query: { event_type: 'envelope.success', limit: '1' } });
  const delivery = page.body.deliveries[0].id as string;
  await api.call('POST /api/v1/webhooks/:id/deliveries/:delivery_id/redeliver', 200, { params: { id, delivery_id: delivery } });
  await api.call('DELETE /api/v1/webhooks/:id', 200, { params: { id } });
  await api.call('GET /api/v1/webhooks/:id', 404, { params: { id } });
}
