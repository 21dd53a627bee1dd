import { waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';

describe('Prometheus metrics at /metrics on every part', () => {
  let api: TestSignet;

  beforeAll(async () => {
    api = await startTestSignet();
  });

  afterAll(async () => {
    await api.close();
  });

  it('reports HTTP latency by route, outbox lag, and events published and consumed', async () => {
    await api.call('PUT', '/api/v1/settings', { key: KEYS.globex, json: { branding: { name: 'Metered' } } });
    await waitFor(() => api.events.some((event) => event.event.event_type === 'settings.updated'), 10000, 'settings.updated');
    const response = await fetch(`${api.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/signet_http_request_duration_seconds_count\{[^}]*service="gateway"[^}]*route="\/api\/v1\/settings"[^}]*status="200"/);
    expect(text).toMatch(/signet_http_request_duration_seconds_count\{[^}]*service="settings"[^}]*method="PUT"/);
    expect(text).toMatch(/signet_outbox_lag\{service="settings",measure="pending_events"\} \d+/);
    expect(text).toMatch(/signet_events_published_total\{topic="settings.updated"\} [1-9]/);
    expect(text).toMatch(/signet_events_consumed_total\{group="[^"]+",topic="settings.updated",outcome="handled"\} [1-9]/);
    expect(text).toMatch(/signet_consumer_lag_seconds\{[^}]*topic="settings.updated"/);
  });

  it('answers /metrics on a service port without internal credentials, like /healthz', async () => {
    const response = await fetch(`${api.signet.urls.get('envelope') as string}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('signet_nodejs_eventloop_lag_seconds');
  });
});
