import { WEBHOOK_EVENT_TYPES } from '@signet/contracts';
import { waitFor } from '@signet/testkit';
import type { Capture } from './capture';
import { UNAVAILABLE_PATH } from './receiver';

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

/** Once the other flows have made deliveries: the delivery log, one delivery, a redelivery, a test event, and the webhook's deletion. */
export async function captureDeliveries({ api, receiver }: Capture, id: string): Promise<void> {
  const page = await api.call('GET /api/v1/webhooks/:id/deliveries', 200, { params: { id }, query: { event_type: 'envelope.success', limit: '1' } });
  const delivery = page.body.deliveries[0].id as string;
  await api.call('GET /api/v1/webhooks/:id/deliveries/:delivery_id', 200, { params: { id, delivery_id: delivery } });
  await api.call('POST /api/v1/webhooks/:id/deliveries/:delivery_id/redeliver', 200, { params: { id, delivery_id: delivery } });
  await api.call('POST /api/v1/webhooks/:id/test', 200, { params: { id } });
  await receiver.waitFor('webhook.test');
  await api.call('DELETE /api/v1/webhooks/:id', 200, { params: { id } });
  await api.call('GET /api/v1/webhooks/:id', 404, { params: { id } });
}

/**
 * A webhook whose receiver answers 503: a test event runs out of its three attempts (the clock moved past
 * each retry), its dead letter is listed and retried, once, and the webhook is deleted.
 */
export async function captureDeadLetters({ api, receiver, advanceClock }: Capture): Promise<void> {
  const created = await api.call('POST /api/v1/webhooks', 200, { json: { url: `${receiver.url}${UNAVAILABLE_PATH}`, subscriptions: 'envelope.voided' } });
  const id = created.body.webhook.id as string;
  await api.call('POST /api/v1/webhooks/:id/test', 200, { params: { id } });
  await waitFor(async () => {
    if ((await api.peek('GET /api/v1/dead_letters', { query: { webhook_id: id } })).body.dead_letters.length > 0) return true;
    // Past the next retry's due time (5 s after the attempt before): each move runs what came due.
    await advanceClock(5_000);
    return false;
  }, 60_000, 'the test event to run out of its attempts');
  const listed = await api.call('GET /api/v1/dead_letters', 200, { query: { state: 'unretried', limit: '10' } });
  await api.call('GET /api/v1/dead_letters', 422, { query: { state: 'lost' } });
  const deadLetter = listed.body.dead_letters[0];
  await api.call('GET /api/v1/webhooks/:id/deliveries/:delivery_id', 404, { params: { id, delivery_id: '0190a6b2-7c3e-7000-8000-000000000000' } });
  await api.call('POST /api/v1/dead_letters/:id/retry', 200, { params: { id: deadLetter.id } });
  await api.call('POST /api/v1/dead_letters/:id/retry', 409, { params: { id: deadLetter.id } });
  await api.call('DELETE /api/v1/webhooks/:id', 200, { params: { id } });
}
