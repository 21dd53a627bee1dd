import { SPEC_EVENT_TYPES } from '@signet/contracts';
import { KEYS, startTestSignet, TestSignet } from './harness';

/** A well-formed id that names nothing, so the owning part answers (a malformed one is refused earlier). */
const UNKNOWN_ID = '0190a6b2-7c3e-7000-8000-000000000000';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('webhooks API through the gateway', () => {
  let api: TestSignet;

  const create = (json: unknown, key: string = KEYS.acme) => api.call('POST', '/api/v1/webhooks', { key, json });
  const valid = (extra: Body = {}) => ({
    url: 'https://hooks.example.com/signet', subscriptions: 'envelope.success,recipient.signed_all', auth_type: 'header', auth: 'Bearer s3cret-value', ...extra
  });
  async function created(extra: Body = {}, key: string = KEYS.acme): Promise<Body> {
    const response = await create(valid(extra), key);
    expect(response.status).toBe(200);
    return response.body.webhook as Body;
  }

  beforeAll(async () => {
    api = await startTestSignet({ WEBHOOK_ALLOW_LOOPBACK: 'false' });
  });

  afterAll(async () => {
    await api.close();
  });

  describe('create', () => {
    it('answers the webhook object, auth_type as HEADER, the signing secret once, never auth', async () => {
      const response = await create(valid());
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        request_id: expect.any(String),
        webhook: {
          id: expect.any(String),
          url: 'https://hooks.example.com/signet',
          subscriptions: 'envelope.success,recipient.signed_all',
          auth_type: 'HEADER',
          retry_schedule: 'STANDARD',
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          updated_at: expect.any(String),
          signing_secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/)
        }
      });
      expect(JSON.stringify(response.body)).not.toContain('s3cret-value');
    });

    it('accepts every one of the API\'s 20 events, trimming spaces and repeats', async () => {
      const webhook = await created({ subscriptions: ` ${SPEC_EVENT_TYPES.join(' , ')},envelope.success` });
      expect(webhook.subscriptions).toBe(SPEC_EVENT_TYPES.join(','));
    });

    it('takes a webhook without auth: no header then, and auth_type null', async () => {
      const webhook = await created({ auth_type: undefined, auth: undefined });
      expect(webhook.auth_type).toBeNull();
    });

    it.each([
      ['an unknown event name', { subscriptions: 'envelope.success,envelope.exploded' }, 'subscriptions', /unknown events envelope\.exploded/],
      ['an internal event', { subscriptions: 'envelope.created' }, 'subscriptions', /unknown events envelope\.created/],
      ['no event at all', { subscriptions: ' , ' }, 'subscriptions', /at least one event/],
      ['a url that is not a URL', { url: 'not a url' }, 'url', /http or https URL/],
      ['a url of another scheme', { url: 'ftp://files.example.com/in' }, 'url', /http or https URL/],
      ['a url with credentials', { url: 'https://user:pass@hooks.example.com/' }, 'url', /credentials/],
      ['the cloud metadata address', { url: 'http://169.254.169.254/latest/meta-data/' }, 'url', /link-local/],
      ['a private address', { url: 'http://10.0.0.7/hook' }, 'url', /private/],
      ['a loopback address while loopback is not allowed', { url: 'http://127.0.0.1:8080/hook' }, 'url', /loopback/],
      ['an auth_type other than header', { auth_type: 'basic' }, 'auth_type', /must be header/],
      ['auth_type without auth', { auth: undefined }, 'auth', /is required/],
      ['an auth value that cannot be a header', { auth: 'line\nbreak' }, 'auth', /header value/],
      ['an unknown retry schedule', { retry_schedule: 'FOREVER' }, 'retry_schedule', /STANDARD, EXTENDED/],
      ['an unknown field', { secret: 'x' }, 'secret', /not allowed/],
      ['a missing url', { url: undefined }, 'url', /required/]
    ])('refuses %s with 422', async (_case, override, field, message) => {
      const response = await create(valid(override));
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', request_id: expect.any(String) });
      expect(response.body.details).toContainEqual({ field, message: expect.stringMatching(message) });
    });

    it('wants JSON', async () => {
      const response = await api.call('POST', '/api/v1/webhooks', { form: { url: 'https://hooks.example.com/', subscriptions: 'envelope.success' } });
      expect(response.status).toBe(415);
    });
  });

  describe('read, update, delete', () => {
    it('lists the key\'s webhooks and shows one, without auth or the signing secret', async () => {
      const { signing_secret: _secret, ...webhook } = await created({}, KEYS.globexSecond);
      const list = await api.call('GET', '/api/v1/webhooks', { key: KEYS.globexSecond });
      expect(list.status).toBe(200);
      expect(list.body).toEqual({ total: 1, webhooks: [webhook], request_id: expect.any(String) });
      const one = await api.call('GET', `/api/v1/webhooks/${webhook.id}`, { key: KEYS.globexSecond });
      expect(one.body.webhook).toEqual((list.body.webhooks as Body[])[0]);
      expect(JSON.stringify([list.body, one.body])).not.toMatch(/s3cret-value|whsec_/);
    });

    it('updates the subscriptions, and url, auth and schedule too, keeping the rest', async () => {
      const webhook = await created();
      const response = await api.call('PUT', `/api/v1/webhooks/${webhook.id}`, { json: { subscriptions: 'envelope.voided' } });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ success: true, webhook: { id: webhook.id, subscriptions: 'envelope.voided', url: webhook.url, auth_type: 'HEADER' } });
      const more = await api.call('PUT', `/api/v1/webhooks/${webhook.id}`, { json: { url: 'https://other.example.com/in', auth: null, retry_schedule: 'EXTENDED' } });
      expect(more.body.webhook).toMatchObject({ url: 'https://other.example.com/in', auth_type: null, retry_schedule: 'EXTENDED', subscriptions: 'envelope.voided' });
      expect((await api.call('GET', `/api/v1/webhooks/${webhook.id}`)).body.webhook).toEqual(more.body.webhook);
    });

    it('refuses an update with nothing to change, or with bad values, with 422', async () => {
      const webhook = await created();
      expect((await api.call('PUT', `/api/v1/webhooks/${webhook.id}`, { json: {} })).status).toBe(422);
      const bad = await api.call('PUT', `/api/v1/webhooks/${webhook.id}`, { json: { subscriptions: 'nope', url: 'mailto:a@b.c' } });
      expect(bad.status).toBe(422);
      expect((bad.body.details as Body[]).map((detail) => detail.field).sort()).toEqual(['subscriptions', 'url']);
    });

    it('deletes, after which the webhook is gone', async () => {
      const webhook = await created();
      const response = await api.call('DELETE', `/api/v1/webhooks/${webhook.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, request_id: expect.any(String) });
      expect((await api.call('GET', `/api/v1/webhooks/${webhook.id}`)).status).toBe(404);
      expect((await api.call('DELETE', `/api/v1/webhooks/${webhook.id}`)).status).toBe(404);
    });
  });

  describe('bound to the API key', () => {
    it('answers 404 for another tenant\'s webhook, and for another key\'s of the same tenant, on every route', async () => {
      const webhook = await created({}, KEYS.acme);
      for (const key of [KEYS.globex, KEYS.acmeSecond]) {
        const calls = [
          api.call('GET', `/api/v1/webhooks/${webhook.id}`, { key }),
          api.call('PUT', `/api/v1/webhooks/${webhook.id}`, { key, json: { subscriptions: 'envelope.voided' } }),
          api.call('GET', `/api/v1/webhooks/${webhook.id}/deliveries`, { key }),
          api.call('POST', `/api/v1/webhooks/${webhook.id}/deliveries/${UNKNOWN_ID}/redeliver`, { key }),
          api.call('DELETE', `/api/v1/webhooks/${webhook.id}`, { key })
        ];
        for (const response of await Promise.all(calls)) {
          expect(response.status).toBe(404);
          expect(response.body).toMatchObject({ code: 'NOT_FOUND', error: 'Webhook not found' });
        }
        const list = await api.call('GET', '/api/v1/webhooks', { key });
        expect((list.body.webhooks as Body[]).map((other) => other.id)).not.toContain(webhook.id);
      }
      expect((await api.call('GET', `/api/v1/webhooks/${webhook.id}`)).body.webhook).toMatchObject({ subscriptions: webhook.subscriptions });
    });

    it('refuses a 51st webhook of one key with 409', async () => {
      const existing = ((await api.call('GET', '/api/v1/webhooks', { key: KEYS.globex })).body.total as number);
      await Promise.all(Array.from({ length: 50 - existing }, () => created({}, KEYS.globex)));
      const refused = await create(valid(), KEYS.globex);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatch(/50 webhooks/);
    });
  });

  describe('delivery log', () => {
    it('is empty for a new webhook, and checks its filters', async () => {
      const webhook = await created();
      const empty = await api.call('GET', `/api/v1/webhooks/${webhook.id}/deliveries`);
      expect(empty.body).toEqual({ deliveries: [], next_cursor: null, request_id: expect.any(String) });
      for (const query of ['status=LOST', 'event_type=envelope.created', 'limit=0', 'limit=101', 'colour=red']) {
        expect((await api.call('GET', `/api/v1/webhooks/${webhook.id}/deliveries?${query}`)).status).toBe(422);
      }
      expect((await api.call('POST', `/api/v1/webhooks/${webhook.id}/deliveries/${UNKNOWN_ID}/redeliver`)).body).toMatchObject({ code: 'NOT_FOUND', error: 'Delivery not found' });
      // An id Signet could never have given out is refused before any part looks: the same 404.
      expect((await api.call('POST', `/api/v1/webhooks/${webhook.id}/deliveries/missing/redeliver`)).body).toMatchObject({ code: 'NOT_FOUND', error: 'Delivery not found' });
    });
  });
});
