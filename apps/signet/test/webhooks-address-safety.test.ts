import { waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { apiKeyIdOf, publishEvent, specEvent } from './webhooks/events';
import { createWebhook } from './webhooks/flows';
import { Receiver, startReceiver } from './webhooks/receiver';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Signet as deployed (loopback not allowed): webhooks cannot be pointed at the inside of the network. */
describe('webhook addresses, loopback not allowed', () => {
  let api: TestSignet;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    api = await startTestSignet({ WEBHOOK_ALLOW_LOOPBACK: 'false', WEBHOOK_RETRY_DELAY_MS: '100' });
  });

  afterAll(async () => {
    await api.close();
    await receiver.close();
  });

  it('refuses a webhook to the cloud metadata address, 169.254.169.254', async () => {
    const response = await api.call('POST', '/api/v1/webhooks', { json: { url: 'http://169.254.169.254/latest/meta-data/iam', subscriptions: 'envelope.success' } });
    expect(response.status).toBe(422);
    expect(response.body.details).toEqual([{ field: 'url', message: 'must not point at a link-local address (cloud metadata lives here)' }]);
  });

  it('refuses, at connect time, a name that resolves to 127.0.0.1: the delivery fails and nothing reaches the receiver', async () => {
    const hook = await createWebhook(api.call, KEYS.acme, { url: `http://localhost:${receiver.port}/inside`, subscriptions: 'recipient.email_sent' });
    const apiKeyId = await apiKeyIdOf(api.signet.config.databaseUrl as string, KEYS.acme);
    const recipient = { id: 'rcp_1', envelope_id: 'env_1', custom_key: 'ana', order: 0, status: 'IN_PROGRESS', created_at: new Date().toISOString(), updated_at: new Date().toISOString(), name: 'Ana', name_label: null, email: 'ana@example.com', email_label: null };
    await publishEvent(api.signet.bus, specEvent('recipient.email_sent', {}, recipient), { tenantId: 'acme', apiKeyId });

    const delivery = await waitFor(async () => {
      const [found] = (await api.call('GET', `/api/v1/webhooks/${hook.id}/deliveries`)).body.deliveries as Body[];
      return found?.status === 'FAILED' && found;
    }, 10_000, 'the refused delivery to fail');
    expect(delivery.attempts).toHaveLength(3);
    for (const attempt of delivery.attempts as Body[]) {
      expect(attempt).toMatchObject({ status_code: null, error: expect.stringMatching(/^refused: localhost resolves only to addresses webhooks may not reach: .*(127\.0\.0\.1|::1) \(a loopback address/) });
    }
    expect(receiver.received).toEqual([]);
  });
});
