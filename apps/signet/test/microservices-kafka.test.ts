import { MockBroker, startMockBroker, waitFor } from '@signet/testkit';
import { startSignet } from '../src';
import { INTERNAL_SECRET, KEYS, startTestSignet, TestSignet } from './harness';

describe('microservices mode: parts in separate processes over Kafka', () => {
  let broker: MockBroker;
  let settingsPart: TestSignet;
  let gatewayPart: TestSignet;

  beforeAll(async () => {
    broker = await startMockBroker();
    const kafka = {
      KAFKA_BROKERS: broker.brokers.join(','), KAFKA_FETCH_MAX_WAIT_MS: '100', KAFKA_HEARTBEAT_INTERVAL_MS: '500', KAFKA_SESSION_TIMEOUT_MS: '10000'
    };
    settingsPart = await startTestSignet(kafka, ['settings']);
    gatewayPart = await startTestSignet({ ...kafka, SETTINGS_URL: settingsPart.signet.urls.get('settings') as string }, ['gateway']);
  });

  afterAll(async () => {
    await gatewayPart.close();
    await settingsPart.close();
    await broker.stop();
  });

  it('serves the settings API through a gateway that runs alone', async () => {
    const put = await gatewayPart.call('PUT', '/api/v1/settings', { json: { branding: { name: 'Split Corp' }, emails: { envelope_rejected: 'FALSE' } } });
    expect(put.status).toBe(200);
    const read = await gatewayPart.call('GET', '/api/v1/settings?scope=branding,emails');
    expect(read.body.settings).toMatchObject({ branding: { name: 'Split Corp' }, emails: { envelope_rejected: false } });
    expect(Object.keys(read.body.settings as object).sort()).toEqual(['branding', 'emails']);
  });

  it('delivers settings.updated from the settings process to a consumer in another process through Kafka', async () => {
    await gatewayPart.call('PUT', '/api/v1/settings', { key: KEYS.acmeSecond, json: { branding: { name: 'Kafka Corp' } } });
    const event = await waitFor(
      () => gatewayPart.events.find((seen) => (seen.event.data as { settings: { branding: { name: string } } }).settings.branding.name === 'Kafka Corp'),
      30000,
      'settings.updated on Kafka'
    );
    expect(event.topic).toBe('settings.updated');
    expect(event.headers).toMatchObject({ tenantId: 'acme', apiKeyId: expect.any(String), occurredAt: expect.any(String) });
  });

  it('answers 503 with the error shape when the owning service is down', async () => {
    const orphan = await startTestSignet({
      KAFKA_BROKERS: broker.brokers.join(','), SETTINGS_URL: 'http://127.0.0.1:9'
    }, ['gateway']);
    try {
      const response = await orphan.call('GET', '/api/v1/settings');
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', request_id: expect.any(String) });
    } finally {
      await orphan.close();
    }
  });

  it('refuses to run a subset of parts without Kafka or an internal secret, in one line', async () => {
    await expect(startSignet({ parts: ['settings'], env: { DATABASE_URL: 'postgres://127.0.0.1/x', SIGNET_INTERNAL_SECRET: INTERNAL_SECRET } }))
      .rejects.toThrow('Invalid configuration: KAFKA_BROKERS is required when a process runs only some parts (their events would never reach the others)');
    await expect(startSignet({ parts: ['settings'], env: { DATABASE_URL: 'postgres://127.0.0.1/x', KAFKA_BROKERS: 'localhost:9092' } }))
      .rejects.toThrow(/^Invalid configuration: SIGNET_INTERNAL_SECRET is required/);
  });
});
