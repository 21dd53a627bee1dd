import { startChromium, type TestBrowser } from './browser/chromium';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { DOCUMENTED_OPERATIONS, independentVerdict, operationsOf } from './independent-validator';

/** The public routes an integrator needs, as the API describes them. */
const API_ROUTES = [
  'get /api/v1/settings', 'put /api/v1/settings', 'post /api/v1/envelopes', 'get /api/v1/envelopes/{id}', 'put /api/v1/envelopes/{id}',
  'post /api/v1/envelopes/{id}/send_invitation', 'put /api/v1/envelopes/{id}/void', 'get /api/v1/envelopes/{id}/evidence',
  'post /api/v1/envelopes/{envelope_id}/uploads', 'get /api/v1/envelopes/{envelope_id}/uploads', 'put /api/v1/uploads/{token}',
  'post /api/v1/envelopes/{envelope_id}/recipients/{recipient_id}/validations/send_code',
  'post /api/v1/envelopes/{envelope_id}/recipients/{recipient_id}/validations/verify_code',
  'post /api/v1/webhooks', 'get /api/v1/webhooks', 'get /api/v1/webhooks/{id}', 'put /api/v1/webhooks/{id}', 'delete /api/v1/webhooks/{id}',
  'get /api/v1/webhooks/{id}/deliveries', 'get /signing/v1/{token}', 'post /signing/v1/{token}/sign', 'post /signing/v1/{token}/reject'
];

describe('the API reference a new integrator finds', () => {
  let api: TestSignet;
  let browser: TestBrowser;

  beforeAll(async () => {
    api = await startTestSignet();
    browser = await startChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('GET /openapi.json is valid OpenAPI 3.1 by an independent validator and names every route', async () => {
    const response = await fetch(`${api.url}/openapi.json`);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const document = await response.json() as { servers: Array<{ url: string }>; paths: Record<string, Record<string, unknown>> };
    expect(document.servers[0]?.url).toBe(api.url);
    expect(independentVerdict(document)).toEqual({ valid: true, version: '3.1' });
    expect(operationsOf(document)).toEqual(expect.arrayContaining(API_ROUTES));
    expect(operationsOf(document).sort()).toEqual([...DOCUMENTED_OPERATIONS].sort());
  });

  it('GET /docs renders the reference with nothing fetched from outside Signet', async () => {
    const page = await browser.context.newPage();
    const outside: string[] = [];
    await page.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.origin === api.url) await route.continue();
      else {
        outside.push(url.href);
        await route.abort();
      }
    });
    await page.goto(`${api.url}/docs`);
    await page.getByText('Create an envelope').first().waitFor({ timeout: 30_000 });
    await page.getByText('/api/v1/webhooks/{id}/deliveries').first().waitFor();
    expect(await page.title()).toBe('Signet API reference');
    expect(outside).toEqual([]);
    await page.close();
  });

  it.each(['127.0.0.1', 'localhost'])('"Try it out" on GET /api/v1/settings answers 200 on a page opened at %s', async (host) => {
    // PUBLIC_BASE_URL names 127.0.0.1: from localhost, calls to it would be cross-origin.
    const origin = api.url.replace('127.0.0.1', host);
    const page = await browser.context.newPage();
    await page.goto(`${origin}/docs`);
    await page.getByRole('button', { name: 'Authorize' }).first().click();
    // The API key's form (the first scheme; a builder session's token is the second).
    const keyForm = page.locator('.auth-container').first();
    await keyForm.locator('input').first().fill(KEYS.acme);
    await keyForm.locator('.auth-btn-wrapper button.authorize').click();
    await page.locator('.auth-btn-wrapper button.btn-done').first().click();
    const operation = page.locator('#operations-Settings-getSettings');
    await operation.locator('.opblock-summary').first().click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    const answered = page.waitForResponse((response) => response.url().startsWith(`${origin}/api/v1/settings`));
    await operation.getByRole('button', { name: 'Execute' }).click();
    expect((await answered).status()).toBe(200);
    await expect(operation.locator('.live-responses-table .response .response-col_status').first().innerText()).resolves.toContain('200');
    await page.close();
  }, 120_000);

  it('GET / links the reference, the document and the health checks (JSON when asked)', async () => {
    const json = await api.call('GET', '/', { key: null, headers: { accept: 'application/json' } });
    expect(json.status).toBe(200);
    expect(json.body.links).toMatchObject({ docs: `${api.url}/docs`, openapi: `${api.url}/openapi.json`, console: `${api.url}/console`, health: `${api.url}/healthz` });
    const html = await fetch(`${api.url}/`, { headers: { accept: 'text/html' } });
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    expect(await html.text()).toContain(`href="${api.url}/docs"`);
  });
});
