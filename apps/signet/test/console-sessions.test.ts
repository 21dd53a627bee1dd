import { samplePdf } from '@signet/testkit';
import { KEYS, startTestSignet, type TestSignet } from './harness';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/*
 * The console's sessions through the gateway: an API key is exchanged for a cookie that acts as the key,
 * within its tenant, and writes need the session's CSRF token; signing out ends the session on the server.
 */
describe('console sessions', () => {
  let api: TestSignet;

  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

  async function signIn(key: string): Promise<{ cookie: string; csrf: string; setCookie: string }> {
    const answer = await fetch(`${api.url}/console/sign-in`, { method: 'POST', headers: FORM, body: form({ api_key: key, language: 'es' }), redirect: 'manual' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/console');
    const setCookie = answer.headers.get('set-cookie') ?? '';
    const cookie = setCookie.split(';')[0] as string;
    const page = await (await fetch(`${api.url}/console`, { headers: { cookie } })).text();
    const csrf = /data-csrf="([^"]+)"/.exec(page)?.[1] ?? '';
    return { cookie, csrf, setCookie };
  }

  const withCookie = (cookie: string, method: string, path: string, options: { json?: unknown; csrf?: string } = {}) => fetch(`${api.url}${path}`, {
    method,
    headers: { cookie, ...(options.json === undefined ? {} : { 'content-type': 'application/json' }), ...(options.csrf ? { 'x-csrf-token': options.csrf } : {}) },
    body: options.json === undefined ? undefined : JSON.stringify(options.json)
  });

  async function envelopeOf(key: string, name: string): Promise<string> {
    const created = await api.call('POST', '/api/v1/envelopes', { key, form: {
      name, 'documents[contract][base64]': (await samplePdf()).toString('base64'), 'documents[contract][name]': 'contract.pdf',
      'recipients[ana][email]': 'ana@example.com', 'recipients[ana][name]': 'Ana Lima'
    } });
    expect(created.status).toBe(200);
    return (created.body.envelope as Body).id as string;
  }

  beforeAll(async () => {
    api = await startTestSignet();
  });

  afterAll(async () => {
    await api?.close();
  });

  it('shows the sign-in form, framed by nobody, in the browser\'s language', async () => {
    const answer = await fetch(`${api.url}/console`, { headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await answer.text();
    expect(page).toContain('<html lang="es"');
    expect(page).toContain('action="/console/sign-in"');
    expect(page).not.toContain('data-csrf');
  });

  it('refuses an unknown key with the form again and no cookie', async () => {
    const answer = await fetch(`${api.url}/console/sign-in`, { method: 'POST', headers: FORM, body: form({ api_key: 'not-a-key' }), redirect: 'manual' });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(await answer.text()).toContain('role="alert"');
  });

  it('refuses a sign-in posted from another site', async () => {
    const sites: Array<Record<string, string>> = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site', origin: 'null' }];
    for (const from of sites) {
      const answer = await fetch(`${api.url}/console/sign-in`, { method: 'POST', headers: { ...FORM, ...from }, body: form({ api_key: KEYS.acme }), redirect: 'manual' });
      expect(answer.status).toBe(403);
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
  });

  it('gives an HttpOnly, SameSite=Strict cookie that acts as the key within its tenant', async () => {
    const own = await envelopeOf(KEYS.acme, 'Acme lease');
    const other = await envelopeOf(KEYS.globex, 'Globex lease');
    const { cookie, setCookie } = await signIn(KEYS.acme);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).not.toMatch(/Secure/i);
    expect((await withCookie(cookie, 'GET', `/api/v1/envelopes/${own}`)).status).toBe(200);
    const foreign = await withCookie(cookie, 'GET', `/api/v1/envelopes/${other}`);
    expect(foreign.status).toBe(404);
  });

  it('refuses a write without the session\'s CSRF token and changes nothing', async () => {
    const { cookie, csrf } = await signIn(KEYS.acme);
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const before = await api.call('GET', '/api/v1/settings', { key: KEYS.acme });
    const refused = await withCookie(cookie, 'PUT', '/api/v1/settings', { json: { branding: { name: 'Forged' } } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Body).code).toBe('FORBIDDEN');
    const wrong = await withCookie(cookie, 'PUT', '/api/v1/settings', { json: { branding: { name: 'Forged' } }, csrf: 'x'.repeat(43) });
    expect(wrong.status).toBe(403);
    expect((await api.call('GET', '/api/v1/settings', { key: KEYS.acme })).body).toEqual({ ...before.body, request_id: expect.any(String) });
    const accepted = await withCookie(cookie, 'PUT', '/api/v1/settings', { json: { branding: { name: 'Acme Leasing' } }, csrf });
    expect(accepted.status).toBe(200);
    expect(((await api.call('GET', '/api/v1/settings', { key: KEYS.acme })).body.settings as Body).branding.name).toBe('Acme Leasing');
  });

  it('ends the session on the server when signing out', async () => {
    const { cookie, csrf } = await signIn(KEYS.acme);
    const noToken = await fetch(`${api.url}/console/sign-out`, { method: 'POST', headers: { ...FORM, cookie }, body: '', redirect: 'manual' });
    expect(noToken.status).toBe(403);
    expect((await withCookie(cookie, 'GET', '/api/v1/envelopes')).status).toBe(200);
    const out = await fetch(`${api.url}/console/sign-out`, { method: 'POST', headers: { ...FORM, cookie }, body: form({ csrf }), redirect: 'manual' });
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/i);
    // The old cookie, kept by whoever copied it, is refused: the session is over on the server.
    expect((await withCookie(cookie, 'GET', '/api/v1/envelopes')).status).toBe(401);
    expect(await (await fetch(`${api.url}/console`, { headers: { cookie } })).text()).toContain('action="/console/sign-in"');
  });
});
