import { randomUUID } from 'node:crypto';
import type { ConsumedEvent } from '@signet/bus';
import { signInternalHeaders } from '@signet/http';
import { waitFor } from '@signet/testkit';
import { INTERNAL_SECRET, KEYS, startTestSignet, TestSignet } from './harness';

const CATEGORIES = ['branding', 'documents', 'emails', 'localization', 'signature', 'signature_flow', 'validations'];

describe('settings API through the gateway (monolith mode, PostgreSQL)', () => {
  let api: TestSignet;

  beforeAll(async () => {
    api = await startTestSignet();
  });

  afterAll(async () => {
    await api.close();
  });

  describe('authentication and the error shape', () => {
    it.each([
      ['no key', null],
      ['a wrong key', 'not-a-real-key'],
      ['a key with a scheme', `Bearer ${KEYS.acme}`]
    ])('answers 401 with {error, code, request_id} for %s', async (_name, key) => {
      const response = await api.call('GET', '/api/v1/settings', { key });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: expect.any(String), code: 'UNAUTHORIZED', request_id: expect.stringMatching(/^req_/) });
      expect(response.headers.get('x-request-id')).toBe(response.body.request_id);
    });

    it('answers 404 with the error shape for an unknown route', async () => {
      const response = await api.call('GET', '/api/v1/nothing-here');
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'NOT_FOUND', request_id: expect.any(String) });
    });

    it('keeps a caller-supplied request id', async () => {
      const response = await api.call('GET', '/api/v1/settings', { headers: { 'x-request-id': 'trace-123' } });
      expect(response.body.request_id).toBe('trace-123');
      expect(response.headers.get('x-request-id')).toBe('trace-123');
    });

    it('answers without an ETag, and a conditional GET gets the whole answer', async () => {
      const first = await api.call('GET', '/api/v1/settings');
      expect(first.headers.get('etag')).toBeNull();
      const again = await api.call('GET', '/api/v1/settings', { headers: { 'if-none-match': '*' } });
      expect(again.status).toBe(200);
      expect(again.body.settings).toEqual(first.body.settings);
    });
  });

  describe('GET /api/v1/settings', () => {
    it('returns all seven categories with defaults and a request_id', async () => {
      const response = await api.call('GET', '/api/v1/settings', { key: KEYS.globex });
      expect(response.status).toBe(200);
      expect(Object.keys(response.body.settings as object).sort()).toEqual(CATEGORIES);
      expect(response.body.request_id).toEqual(expect.any(String));
      expect(response.body.settings).toMatchObject({
        documents: { document_id_enabled: true, custom_page_id: 'Signet Sign ID:' },
        emails: { envelope_invitation: true, envelope_voided: true, envelope_rejected: true, envelope_signed: true },
        signature: { type: 'SIMPLE', style: 'SIMPLE' },
        signature_flow: { language: 'EN', signature_order: 'PARALLEL', signature_color: '#000000' },
        validations: { email: { enabled: false, order: 0 } },
        localization: { en: { emails: { email_validation: { subject: 'Your verification code for {{envelope.name}}' } } } }
      });
    });

    it('limits the answer to the scope', async () => {
      const response = await api.call('GET', '/api/v1/settings?scope=emails,branding');
      expect(Object.keys(response.body.settings as object).sort()).toEqual(['branding', 'emails']);
    });

    it('refuses an unknown scope with 422 naming the field', async () => {
      const response = await api.call('GET', '/api/v1/settings?scope=emails,colours');
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'scope', message: expect.stringContaining('colours') }] });
    });
  });

  describe('PUT /api/v1/settings', () => {
    it('round-trips, shows booleans as JSON booleans, and keeps what was omitted', async () => {
      const first = await api.call('PUT', '/api/v1/settings', { json: {
        branding: { name: 'Acme Corp', reply_to: 'legal@acme.test' },
        emails: { envelope_voided: 'FALSE' },
        signature_flow: { language: 'ES', signature_order: 'SEQUENTIAL', signature_color: '#1a2B3c' },
        validations: { email: { enabled: 'TRUE', order: '1' } },
        localization: { es: { emails: { email_validation: { subject: 'Código para {{envelope.name}}' } } } }
      } });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ success: true, request_id: expect.any(String) });

      const second = await api.call('PUT', '/api/v1/settings', { json: { documents: { document_id_enabled: false } } });
      expect(second.status).toBe(200);

      const read = await api.call('GET', '/api/v1/settings');
      expect(read.body.settings).toMatchObject({
        branding: { name: 'Acme Corp', reply_to: 'legal@acme.test', logo: null },
        emails: { envelope_voided: false, envelope_invitation: true },
        documents: { document_id_enabled: false },
        signature_flow: { language: 'ES', signature_order: 'SEQUENTIAL', signature_color: '#1a2B3c' },
        validations: { email: { enabled: true, order: 1 } },
        localization: { es: { emails: { email_validation: { subject: 'Código para {{envelope.name}}', cta: 'Verificar' } } } }
      });
      expect(read.body.settings).toEqual(second.body.settings);
    });

    it('resets a field to its default with null', async () => {
      await api.call('PUT', '/api/v1/settings', { json: { signature: { type: 'FULL' } } });
      const reset = await api.call('PUT', '/api/v1/settings', { json: { signature: { type: null } } });
      expect((reset.body.settings as { signature: { type: string } }).signature.type).toBe('SIMPLE');
    });

    it('keeps settings per API key: a second key of the same tenant has its own', async () => {
      await api.call('PUT', '/api/v1/settings', { key: KEYS.acme, json: { branding: { name: 'First key' } } });
      await api.call('PUT', '/api/v1/settings', { key: KEYS.acmeSecond, json: { branding: { name: 'Second key' } } });
      const first = await api.call('GET', '/api/v1/settings?scope=branding', { key: KEYS.acme });
      const second = await api.call('GET', '/api/v1/settings?scope=branding', { key: KEYS.acmeSecond });
      expect((first.body.settings as { branding: { name: string } }).branding.name).toBe('First key');
      expect((second.body.settings as { branding: { name: string } }).branding.name).toBe('Second key');
    });

    it('refuses invalid values with 422 field details and changes nothing', async () => {
      const before = await api.call('GET', '/api/v1/settings', { key: KEYS.globex });
      const response = await api.call('PUT', '/api/v1/settings', { key: KEYS.globex, json: {
        emails: { envelope_invitation: 'MAYBE' },
        signature_flow: { signature_color: '000000', signature_types: 'WRITTEN,FOO', language: 'XX' },
        localization: { en: { emails: { email_validation: { body: 'Code: {{secret.value}}' } } } },
        branding: { reply_to: 'not-an-email', logo: 'http://insecure.example/logo.png' },
        colours: {}
      } });
      expect(response.status).toBe(422);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      const fields = (response.body.details as Array<{ field: string }>).map((detail) => detail.field);
      expect(fields).toEqual(expect.arrayContaining([
        'emails.envelope_invitation', 'signature_flow.signature_color', 'signature_flow.signature_types', 'signature_flow.language',
        'localization.en.emails.email_validation.body', 'branding.reply_to', 'branding.logo', 'colours'
      ]));
      const after = await api.call('GET', '/api/v1/settings', { key: KEYS.globex });
      expect(after.body.settings).toEqual(before.body.settings);
    });

    it('refuses malformed JSON with 400 and a non-JSON body with 415', async () => {
      const malformed = await fetch(`${api.url}/api/v1/settings`, { method: 'PUT', headers: { authorization: KEYS.acme, 'content-type': 'application/json' }, body: '{"emails":' });
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toMatchObject({ code: 'BAD_REQUEST', request_id: expect.any(String) });
      const form = await fetch(`${api.url}/api/v1/settings`, { method: 'PUT', headers: { authorization: KEYS.acme, 'content-type': 'text/plain' }, body: 'x' });
      expect(form.status).toBe(415);
    });

    it('publishes settings.updated through the outbox with the tenant and key in its headers', async () => {
      const event = await updateBrandName(api, KEYS.globex, 'Evented Corp');
      expect(event.headers).toMatchObject({ tenantId: 'globex', apiKeyId: expect.any(String), requestId: expect.stringMatching(/^req_/) });
      expect(event.event.data).toMatchObject({ tenant_id: 'globex', settings: { branding: { name: 'Evented Corp' } } });
    });
  });

  describe('services behind the gateway', () => {
    it('refuse calls without a valid internal signature', async () => {
      const settingsUrl = api.signet.urls.get('settings') as string;
      const direct = await fetch(`${settingsUrl}/api/v1/settings`, { headers: { 'x-signet-tenant-id': 'acme', 'x-signet-api-key-id': 'forged' } });
      expect(direct.status).toBe(401);
      expect(await direct.json()).toMatchObject({ code: 'INTERNAL_AUTH_FAILED' });
    });

    it('merge per-envelope overrides over the key settings (internal effective settings)', async () => {
      const settingsUrl = api.signet.urls.get('settings') as string;
      const keyId = (await updateBrandName(api, KEYS.acme, 'Acme Corp')).headers.apiKeyId as string;
      await api.call('PUT', '/api/v1/settings', { json: { emails: { envelope_signed: false } } });
      const context = { tenantId: 'acme', apiKeyId: keyId, plan: 'starter', requestId: `req_${randomUUID()}` };
      const path = '/internal/settings/effective';
      const call = (body: unknown) => fetch(`${settingsUrl}${path}`, {
        method: 'POST',
        headers: { ...signInternalHeaders(INTERNAL_SECRET, 'POST', path, context), 'content-type': 'application/json' },
        body: JSON.stringify(body)
      });
      const merged = await call({ settings: { emails: { envelope_voided: 'FALSE' }, signature: { type: 'FULL' } } });
      expect(merged.status).toBe(200);
      expect(await merged.json()).toMatchObject({
        settings: { branding: { name: 'Acme Corp' }, emails: { envelope_signed: false, envelope_voided: false }, signature: { type: 'FULL' } }
      });
      const invalid = await call({ settings: { signature: { type: 'HANDWAVE' } } });
      expect(invalid.status).toBe(422);
      expect(await invalid.json()).toMatchObject({ details: [{ field: 'settings.signature.type' }] });
    });
  });
});

/** Sets the key's brand name and returns the settings.updated event that says so. */
async function updateBrandName(api: TestSignet, key: string, name: string): Promise<ConsumedEvent> {
  const response = await api.call('PUT', '/api/v1/settings', { key, json: { branding: { name } } });
  expect(response.status).toBe(200);
  return waitFor(() => api.events.find((event) => (event.event.data as { settings: { branding: { name: string } } }).settings.branding.name === name), 10000, 'settings.updated');
}
