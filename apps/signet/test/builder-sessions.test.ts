import { samplePdf } from '@signet/testkit';
import { createSignetClient } from '@signet/sdk';
import { KEYS, startTestSignet, TestSignet } from './harness';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HOST = 'https://app.example.com';

/** Builder sessions through the gateway: what a session's token may do, and nothing else. */
describe('builder sessions', () => {
  let api: TestSignet;
  let pdf: string;

  const call = (method: string, path: string, options: { key?: string | null; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {}) =>
    api.call(method, path, { key: KEYS.globex, ...options });
  /** A request with the session's token as the credential. */
  const asSession = (token: string, method: string, path: string, options: { json?: unknown; form?: Record<string, string> } = {}) =>
    api.call(method, path, { ...options, key: null, headers: { authorization: `Bearer ${token}` } });

  const templateForm = (name: string): Record<string, string> => ({
    name,
    'documents[nda][base64]': pdf,
    'documents[nda][name]': 'nda.pdf',
    'recipients[buyer][role]': 'SIGNER'
  });
  const envelopeForm = (): Record<string, string> => ({
    'documents[contract][base64]': pdf,
    'documents[contract][name]': 'contract.pdf',
    'recipients[signer_1][email]': 'ana@example.com',
    'recipients[signer_1][name]': 'Ana Lima'
  });

  async function template(name = 'NDA', key: string = KEYS.globex): Promise<Body> {
    const created = await call('POST', '/api/v1/templates', { key, form: templateForm(name) });
    expect(created.status).toBe(200);
    return created.body.template as Body;
  }

  async function envelope(): Promise<Body> {
    const created = await call('POST', '/api/v1/envelopes', { form: envelopeForm() });
    expect(created.status).toBe(200);
    return created.body.envelope as Body;
  }

  async function session(json: Record<string, unknown>): Promise<Body> {
    const created = await call('POST', '/api/v1/builder_sessions', { json: { origins: [HOST], ...json } });
    expect(created).toMatchObject({ status: 200 });
    return created.body.builder_session as Body;
  }

  beforeAll(async () => {
    api = await startTestSignet({ SIGNET_TEST_CLOCK: 'true' });
    pdf = (await samplePdf({ pages: 1, text: 'Sign here: {{signer_1}}' })).toString('base64');
  }, 120_000);

  afterAll(async () => {
    await api?.close();
  });

  it('creates a session for a template with its defaults, shows it without the token, and its token reads and saves that template only', async () => {
    const nda = await template('NDA');
    const other = await template('Other');
    const created = await session({ template_id: nda.id });
    expect(created).toEqual({
      id: expect.any(String), token: expect.any(String), url: `${api.url}/builder/${created.id}`, expires_at: expect.any(String),
      template_id: nda.id, envelope_id: null, new_template: false, actions: ['edit'], origins: [HOST],
      roles: ['SIGNER', 'APPROVER', 'WITNESS', 'VIEWER', 'CC'], field_types: expect.arrayContaining(['SIGNATURE', 'TEXT', 'ATTACHMENT']), language: 'EN'
    });
    expect(created.field_types).toHaveLength(14);
    expect(created.url).not.toContain(created.token);
    const { token, ...withoutToken } = created;
    expect((await call('GET', `/api/v1/builder_sessions/${created.id}`)).body.builder_session).toEqual(withoutToken);
    expect((await asSession(token, 'GET', `/api/v1/builder_sessions/${created.id}`)).body.builder_session).toEqual(withoutToken);

    const read = await asSession(token, 'GET', `/api/v1/templates/${nda.id}`);
    expect(read).toMatchObject({ status: 200, body: { template: { id: nda.id, name: 'NDA' } } });
    const saved = await asSession(token, 'PUT', `/api/v1/templates/${nda.id}`, { json: { name: 'NDA (edited)' } });
    expect(saved).toMatchObject({ status: 200, body: { template: { name: 'NDA (edited)' } } });

    const outside = { status: 403, body: { code: 'FORBIDDEN', error: 'This request is outside this builder session' } };
    expect(await asSession(token, 'PUT', `/api/v1/templates/${other.id}`, { json: { name: 'Hijacked' } })).toMatchObject(outside);
    expect(await asSession(token, 'GET', `/api/v1/templates/${other.id}`)).toMatchObject(outside);
    expect(await asSession(token, 'DELETE', `/api/v1/templates/${nda.id}`)).toMatchObject(outside);
    expect(await asSession(token, 'GET', '/api/v1/templates')).toMatchObject(outside);
    expect(await asSession(token, 'POST', '/api/v1/templates', { form: templateForm('Another') })).toMatchObject(outside);
    expect(await asSession(token, 'GET', '/api/v1/settings')).toMatchObject(outside);
    expect(await asSession(token, 'PUT', '/api/v1/settings', { json: { signature_flow: { language: 'FR' } } })).toMatchObject(outside);
    expect(await asSession(token, 'POST', '/api/v1/builder_sessions', { json: { template_id: other.id, origins: [HOST] } })).toMatchObject(outside);
    expect(await asSession(token, 'DELETE', `/api/v1/builder_sessions/${created.id}`)).toMatchObject(outside);
    const someEnvelope = await envelope();
    expect(await asSession(token, 'GET', `/api/v1/envelopes/${someEnvelope.id}`)).toMatchObject(outside);
    expect((await call('GET', `/api/v1/templates/${other.id}`)).body.template).toMatchObject({ name: 'Other' });
    expect((await call('GET', `/api/v1/templates/${nda.id}`)).status).toBe(200);
  });

  it('gives template documents a working download link', async () => {
    const nda = await template('With a link');
    const read = await call('GET', `/api/v1/templates/${nda.id}`);
    const url = (read.body.template as Body).documents[0].url as string;
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('lets an envelope session edit its CREATED envelope, and send it only with the action "send"', async () => {
    const draft = await envelope();
    const editOnly = await session({ envelope_id: draft.id });
    expect(editOnly).toMatchObject({ envelope_id: draft.id, template_id: null, actions: ['edit'] });
    expect((await asSession(editOnly.token, 'GET', `/api/v1/envelopes/${draft.id}`)).status).toBe(200);
    expect((await asSession(editOnly.token, 'PUT', `/api/v1/envelopes/${draft.id}`, { form: { name: 'Edited in the builder' } })).status).toBe(200);
    expect((await asSession(editOnly.token, 'GET', `/api/v1/envelopes/${draft.id}/uploads`)).status).toBe(200);
    expect(await asSession(editOnly.token, 'POST', `/api/v1/envelopes/${draft.id}/send_invitation`)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(await asSession(editOnly.token, 'PUT', `/api/v1/envelopes/${draft.id}/void`)).toMatchObject({ status: 403 });
    expect((await call('GET', `/api/v1/envelopes/${draft.id}`)).body.envelope).toMatchObject({ status: 'CREATED', name: 'Edited in the builder' });

    const sender = await session({ envelope_id: draft.id, actions: ['edit', 'send'] });
    expect((await asSession(sender.token, 'POST', `/api/v1/envelopes/${draft.id}/send_invitation`)).status).toBe(200);
    expect((await call('GET', `/api/v1/envelopes/${draft.id}`)).body.envelope).toMatchObject({ status: 'IN_PROGRESS' });
    expect(await call('POST', '/api/v1/builder_sessions', { json: { envelope_id: draft.id, origins: [HOST] } })).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
  });

  it('binds a new-template session to the one template it creates; a second creation is refused, and the bound template is its to edit', async () => {
    const fresh = await session({ new_template: true, language: 'AR' });
    expect(fresh).toMatchObject({ new_template: true, template_id: null, language: 'AR' });
    const made = await asSession(fresh.token, 'POST', '/api/v1/templates', { form: templateForm('Made in the builder') });
    expect(made.status).toBe(200);
    const templateId = (made.body.template as Body).id as string;
    expect((await call('GET', `/api/v1/builder_sessions/${fresh.id}`)).body.builder_session).toMatchObject({ template_id: templateId, new_template: true });
    expect(await asSession(fresh.token, 'POST', '/api/v1/templates', { form: templateForm('A second one') })).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await asSession(fresh.token, 'PUT', `/api/v1/templates/${templateId}`, { json: { name: 'Renamed' } })).status).toBe(200);
    const names = ((await call('GET', '/api/v1/templates', { headers: {} })).body.templates as Body[]).map((one) => one.name);
    expect(names.filter((name) => name === 'A second one')).toEqual([]);
  });

  it('lets only one of two racing creations of a new-template session make a template', async () => {
    const fresh = await session({ new_template: true });
    const [first, second] = await Promise.all([
      asSession(fresh.token, 'POST', '/api/v1/templates', { form: templateForm('Race one') }),
      asSession(fresh.token, 'POST', '/api/v1/templates', { form: templateForm('Race two') })
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const winner = ((first.status === 200 ? first : second).body.template as Body).id as string;
    expect(((await call("GET", `/api/v1/builder_sessions/${fresh.id}`)).body.builder_session as Body).template_id).toBe(winner);
    const names = ((await call('GET', '/api/v1/templates', { headers: {} })).body.templates as Body[]).map((one) => one.name);
    expect(names.filter((name) => name.startsWith('Race '))).toHaveLength(1);
  });

  it('refuses a revoked token at once, and an expired one with TOKEN_EXPIRED', async () => {
    const nda = await template('Short-lived');
    const revoked = await session({ template_id: nda.id });
    expect(await call('DELETE', `/api/v1/builder_sessions/${revoked.id}`)).toMatchObject({ status: 200, body: { success: true } });
    expect(await asSession(revoked.token, 'GET', `/api/v1/templates/${nda.id}`)).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    expect((await call('GET', `/api/v1/builder_sessions/${revoked.id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/v1/builder_sessions/${revoked.id}`)).status).toBe(404);

    const brief = await session({ template_id: nda.id, lifetime_minutes: 1 });
    expect((await asSession(brief.token, 'GET', `/api/v1/templates/${nda.id}`)).status).toBe(200);
    expect((await api.call('POST', '/dev/clock', { key: null, json: { advance_by: 'PT61S' } })).status).toBe(200);
    expect(await asSession(brief.token, 'GET', `/api/v1/templates/${nda.id}`)).toMatchObject({ status: 401, body: { code: 'TOKEN_EXPIRED' } });
    const page = await fetch(`${api.url}/builder/${brief.id}`);
    expect(page.status).toBe(404);
  });

  it('keeps tokens and API keys apart: a token is no API key, an API key is no token', async () => {
    const nda = await template('Credentials');
    const created = await session({ template_id: nda.id });
    expect(await api.call('GET', `/api/v1/templates/${nda.id}`, { key: created.token })).toMatchObject({ status: 401, body: { error: 'Invalid API key' } });
    expect(await api.call('GET', `/api/v1/templates/${nda.id}`, { key: null, headers: { authorization: `Bearer ${KEYS.globex}` } }))
      .toMatchObject({ status: 401, body: { error: 'Send the API key itself as the Authorization header, without a scheme' } });
    const tampered = `${created.token.slice(0, -4)}AAAA`;
    expect((await asSession(tampered, 'GET', `/api/v1/templates/${nda.id}`)).status).toBe(401);
    // Another tenant's key does not see the session.
    expect((await api.call('GET', `/api/v1/builder_sessions/${created.id}`, { key: KEYS.acme })).status).toBe(404);
  });

  it('refuses bad input with a 422 and creates nothing', async () => {
    const nda = await template('Inputs');
    const sessions = async () => Number((await api.tables('gateway.builder_sessions').count({ n: '*' }).first())?.n);
    const before = await sessions();
    const refused = async (json: Record<string, unknown>, field: string) => {
      const answer = await call('POST', '/api/v1/builder_sessions', { json });
      expect(answer).toMatchObject({ status: 422, body: { code: 'VALIDATION_FAILED' } });
      expect((answer.body.details as Body[]).map((detail) => detail.field)).toContain(field);
    };
    await refused({ template_id: nda.id, origins: ['https://app.example.com/path'] }, 'origins.0');
    await refused({ template_id: nda.id, origins: ['http://app.example.com'] }, 'origins.0');
    await refused({ template_id: nda.id, origins: [] }, 'origins');
    await refused({ template_id: nda.id, origins: [HOST], lifetime_minutes: 0 }, 'lifetime_minutes');
    await refused({ template_id: nda.id, origins: [HOST], lifetime_minutes: 61 }, 'lifetime_minutes');
    await refused({ template_id: nda.id, envelope_id: nda.id, origins: [HOST] }, 'template_id');
    await refused({ origins: [HOST] }, 'template_id');
    await refused({ template_id: nda.id, origins: [HOST], actions: ['edit', 'send'] }, 'actions');
    await refused({ template_id: nda.id, origins: [HOST], language: 'XX' }, 'language');
    expect(await sessions()).toBe(before);
    expect((await call('POST', '/api/v1/builder_sessions', { json: { template_id: nda.id, origins: ['http://localhost:5173'] } })).status).toBe(200);
    const foreign = await template('Acme only', KEYS.acme);
    expect(await call('POST', '/api/v1/builder_sessions', { json: { template_id: foreign.id, origins: [HOST] } })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await call('POST', '/api/v1/builder_sessions', { json: { envelope_id: 'not-an-id', origins: [HOST] } })).toMatchObject({ status: 404 });
  });

  it("serves the editor page framed only by the session's origins, in its language; an unknown session's page frames for nobody", async () => {
    const nda = await template('Page');
    const created = await session({ template_id: nda.id, origins: [HOST, 'http://localhost:3000'], language: 'AR' });
    const page = await fetch(created.url as string);
    expect(page.status).toBe(200);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy.split('; ').find((directive) => directive.startsWith('frame-ancestors'))).toBe(`frame-ancestors ${HOST} http://localhost:3000`);
    expect(policy).toContain("default-src 'none'");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain(`data-session="${created.id}"`);
    expect(html).toContain('<script type="module" src="/builder/assets/editor.js"></script>');
    expect(html).not.toContain(created.token);

    const unknown = await fetch(`${api.url}/builder/00000000-0000-4000-8000-000000000000`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it("serves pdf.js for the editor, and nothing outside the editor's files", async () => {
    const script = await fetch(`${api.url}/builder/assets/pdf.min.mjs`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await fetch(`${api.url}/builder/assets/..%2Fpackage.json`)).status).toBe(404);
  });

  it('is in the SDK: create, get and revoke', async () => {
    const client = createSignetClient({ baseUrl: api.url, apiKey: KEYS.globex });
    const nda = await template('Through the SDK');
    const created = await client.builderSessions.create({ template_id: nda.id, origins: [HOST], lifetime_minutes: 30 });
    expect(created.token).toEqual(expect.any(String));
    expect(await client.builderSessions.get(created.id)).toMatchObject({ id: created.id, template_id: nda.id });
    await client.builderSessions.revoke(created.id);
    await expect(client.builderSessions.get(created.id)).rejects.toMatchObject({ status: 404 });
  });
});
