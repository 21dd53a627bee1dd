import { waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { sentEnvelope } from './signing/flows';

describe('Prometheus metrics at /metrics on the metrics port, never the public one', () => {
  let api: TestSignet;

  beforeAll(async () => {
    api = await startTestSignet({ METRICS_PORT: '0' });
  });

  afterAll(async () => {
    await api.close();
  });

  it('reports HTTP latency by route, outbox lag, and events published and consumed', async () => {
    await api.call('PUT', '/api/v1/settings', { key: KEYS.globex, json: { branding: { name: 'Metered' } } });
    await waitFor(() => api.events.some((event) => event.event.event_type === 'settings.updated'), 10000, 'settings.updated');
    const response = await fetch(`${api.signet.metricsUrl as string}/metrics`);
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

  it('counts sent emails by kind and reports every job kind\'s backlog', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex);
    await waitFor(() => api.events.some((event) => event.key === envelope.id && event.event.event_type === 'recipient.email_received'), 20000, 'recipient.email_received');
    const text = await (await fetch(`${api.signet.metricsUrl as string}/metrics`)).text();
    expect(text).toMatch(/signet_emails_total\{kind="invitation",outcome="sent"\} [1-9]/);
    for (const kind of ['validation.send-code-mail', 'envelope.send-lifecycle-mail', 'webhook-delivery.deliver-webhook']) {
      expect(text).toMatch(new RegExp(`signet_jobs_backlog\\{kind="${kind}",measure="queued"\\} \\d+`));
      expect(text).toMatch(new RegExp(`signet_jobs_backlog\\{kind="${kind}",measure="oldest_due_seconds"\\} [\\d.e+-]+`));
    }
  });

  it('does not serve /metrics on the public port, nor on a part\'s port', async () => {
    const response = await fetch(`${api.url}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('signet_http_request_duration_seconds');
    const service = await fetch(`${api.signet.urls.get('envelope') as string}/metrics`);
    expect(service.status).toBeGreaterThanOrEqual(400);
    expect(await service.text()).not.toContain('signet_nodejs_eventloop_lag_seconds');
    const scraped = await fetch(`${api.signet.metricsUrl as string}/metrics`);
    expect(await scraped.text()).toContain('signet_nodejs_eventloop_lag_seconds');
  });
});
