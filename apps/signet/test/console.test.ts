import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { samplePdf, waitFor } from '@signet/testkit';
import { startChromium, type TestBrowser } from './browser/chromium';
import { seriousViolations, tabTo, watchProblems } from './browser/page-checks';
import { KEYS, startTestSignet, type TestSignet } from './harness';
import { verifySignature } from './webhooks/flows';
import { startReceiver, type Receiver } from './webhooks/receiver';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
const ACCENT = '#0a7d33';
const ACCENT_RGB: [number, number, number] = [10, 125, 51];
const LOGO_RGB: [number, number, number] = [200, 30, 160];

const colourKey = (rgb: readonly number[]) => rgb.join(',');

/** The colours of a screenshot, each as `r,g,b`. */
async function pixelsOf(image: Buffer): Promise<Set<string>> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = new Set<string>();
  for (let at = 0; at < info.width * info.height * 3; at += 3) found.add(colourKey([data[at] as number, data[at + 1] as number, data[at + 2] as number]));
  return found;
}
const HOSTILE_BODY = '<script>alert("receiver")</script> try later';

/** A tiny PNG of one colour, for the logo. */
function png(rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(4, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, ...Array.from({ length: 4 }, () => rgb).flat()]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: 4 }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/*
 * The console in Chromium on a real Signet: an operator signs in with an API key and, through the public
 * API only, finds an envelope and voids it, recovers a failing webhook, manages keys and previews the
 * branding; hostile names and bodies stay text, writes need the CSRF token, and every page is axe clean.
 */
/** A step of the console drives a browser and waits for Signet's background work: on a busy host that takes minutes, not seconds. */
const STEP_MS = 240_000;

describe('the console', () => {
  let api: TestSignet;
  let browser: TestBrowser;
  let page: Page;
  let receiver: Receiver;
  const problems: string[] = [];
  const dialogs: string[] = [];

  const call = (method: string, path: string, options: { json?: unknown; form?: Record<string, string>; key?: string | null } = {}) => api.call(method, path, { key: KEYS.acme, ...options });

  async function envelope(name: string, recipient: { name: string; email: string }, metadata: Record<string, string> = {}): Promise<string> {
    const created = await call('POST', '/api/v1/envelopes', { form: {
      name, 'documents[contract][base64]': (await samplePdf()).toString('base64'), 'documents[contract][name]': 'contract.pdf',
      'recipients[one][email]': recipient.email, 'recipients[one][name]': recipient.name,
      ...Object.fromEntries(Object.entries(metadata).map(([key, value]) => [`metadata[${key}]`, value]))
    } });
    expect(created.status).toBe(200);
    return (created.body.envelope as Body).id as string;
  }

  const violations = () => page.evaluate(() => (globalThis as unknown as { cspViolations: string[] }).cspViolations);
  const main = () => page.locator('main');

  const SECTIONS: Record<string, string> = { Envelopes: 'envelopes', Templates: 'templates', Batches: 'batches', Webhooks: 'webhooks', 'API keys': 'keys', Settings: 'settings' };

  /** Goes to a section with the keyboard: from the top of the page (its skip link), Tab to its link, then Enter; the page's heading takes focus. */
  async function openSection(label: string): Promise<void> {
    await page.locator('a.skip').focus();
    await tabTo(page, page, `header nav a[href="#/${SECTIONS[label]}"]`, 8);
    await page.keyboard.press('Enter');
    await page.locator('main h1', { hasText: label }).waitFor();
  }

  /** Confirms the open dialog with its confirm button, after filling its inputs. */
  async function confirmDialog(inputs: Record<string, string> = {}): Promise<void> {
    const dialog = page.locator('dialog[open]');
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    for (const [name, value] of Object.entries(inputs)) await dialog.locator(`[name="${name}"]`).fill(value);
    await dialog.locator('button[type=submit]').press('Enter');
    await dialog.waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    api = await startTestSignet({ WEBHOOK_RETRY_DELAY_MS: '200', WEBHOOK_ALLOW_LOOPBACK: 'true' });
    receiver = await startReceiver();
    browser = await startChromium();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    page.setDefaultTimeout(60_000);
    watchProblems(page, problems);
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (globalThis as unknown as { cspViolations: string[] }).cspViolations = seen;
      (globalThis as any).document.addEventListener('securitypolicyviolation', (event: any) => seen.push(`${event.violatedDirective} ${event.blockedURI}`)); // eslint-disable-line @typescript-eslint/no-explicit-any
    });
  }, STEP_MS);

  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await api?.close();
  }, STEP_MS);

  it('signs in with an API key from the keyboard', async () => {
    await page.goto(`${api.url}/console`);
    expect(await seriousViolations(page)).toEqual([]);
    await tabTo(page, page, '#api-key');
    await page.keyboard.type(KEYS.acme);
    await page.keyboard.press('Enter');
    await page.locator('main h1', { hasText: 'Envelopes' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  }, STEP_MS);

  it('finds an envelope by a recipient\'s email, shows its timeline in order, and voids it with a reason', async () => {
    const lima = await envelope('Lima contract', { name: 'Luis Lima', email: 'luis.lima@example.com' });
    await envelope('Other contract', { name: 'Olga Other', email: 'olga@example.com' });
    expect((await call('POST', `/api/v1/envelopes/${lima}/send_invitation`)).status).toBe(200);
    await tabTo(page, page, '#filter-recipient');
    await page.keyboard.type('luis.lima@example.com');
    await page.keyboard.press('Enter');
    await main().locator('caption', { hasText: '1 envelope on this page' }).waitFor();
    const link = main().locator('table a', { hasText: 'Lima contract' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.locator('main h1', { hasText: 'Lima contract' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const { body } = await call('GET', `/api/v1/envelopes/${lima}/timeline`);
    const shown = await main().locator('.timeline li time').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime')));
    expect(shown).toEqual((body.timeline as Body[]).map((entry) => new Date(entry.at).toISOString()));
    expect([...shown].sort()).toEqual(shown);
    expect(shown.length).toBeGreaterThanOrEqual(2);

    await main().locator('button', { hasText: /^Void$/ }).focus();
    await page.keyboard.press('Enter');
    await confirmDialog({ reason: 'Signed on paper instead' });
    await main().locator('.report [role=status]', { hasText: 'The envelope was voided.' }).waitFor();
    const after = await call('GET', `/api/v1/envelopes/${lima}`);
    expect((after.body.envelope as Body).status).toBe('VOIDED');
    expect((after.body.envelope as Body).void_reason).toBe('Signed on paper instead');
  }, STEP_MS);

  it('shows a failing webhook as Failed with its attempts and the 500 body, then redelivers it signed', async () => {
    const created = await call('POST', '/api/v1/webhooks', { json: { url: `${receiver.url}/hook`, subscriptions: 'envelope.in_progress' } });
    expect(created.status).toBe(200);
    const webhook = created.body.webhook as Body;
    receiver.script('/hook', [{ status: 500, body: HOSTILE_BODY }, { status: 500, body: HOSTILE_BODY }, { status: 500, body: HOSTILE_BODY }]);
    const sent = await envelope('Webhook trigger', { name: 'Wes Hook', email: 'wes@example.com' });
    expect((await call('POST', `/api/v1/envelopes/${sent}/send_invitation`)).status).toBe(200);
    await receiver.waitForCount('/hook', 3, 120_000);
    const failed = await waitFor(async () => {
      const { body } = await call('GET', `/api/v1/webhooks/${webhook.id}/deliveries`);
      const delivery = (body.deliveries as Body[])[0];
      return delivery?.status === 'FAILED' && delivery;
    }, 120_000, 'the delivery to fail');

    await openSection('Webhooks');
    await main().locator('table a', { hasText: 'Deliveries' }).first().focus();
    await page.keyboard.press('Enter');
    await main().locator('.badge', { hasText: 'Failed' }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await main().locator('table a', { hasText: failed.event_id }).focus();
    await page.keyboard.press('Enter');
    await main().locator('section.attempt').nth(2).waitFor();
    expect(await main().locator('section.attempt dd', { hasText: /^500$/ }).count()).toBe(3);
    expect(await main().locator('pre.raw', { hasText: HOSTILE_BODY }).count()).toBe(3);
    expect(await main().locator('script').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await main().locator('button', { hasText: 'Redeliver' }).focus();
    await page.keyboard.press('Enter');
    await confirmDialog();
    const deliveries = await receiver.waitForCount('/hook', 4, 120_000);
    const redelivered = deliveries[3]!;
    expect(redelivered.headers['webhook-id']).toBe(failed.event_id);
    expect(verifySignature(webhook.signing_secret, redelivered)).toBeTruthy();
    await main().locator('section.attempt dd', { hasText: /^200$/ }).waitFor();
  }, STEP_MS);

  it('shows a new key once, then masked, and it works; a revoked key is refused at once', async () => {
    await openSection('API keys');
    expect(await seriousViolations(page)).toEqual([]);
    await main().locator('button', { hasText: 'Create a key' }).focus();
    await page.keyboard.press('Enter');
    await confirmDialog({ name: 'ops laptop' });
    const key = (await main().locator('.secret pre').textContent()) ?? '';
    expect(key.length).toBeGreaterThan(20);
    expect((await call('GET', '/api/v1/envelopes', { key })).status).toBe(200);
    const row = main().locator('tr', { hasText: 'ops laptop' });
    await row.waitFor();
    expect(await row.textContent()).not.toContain(key);

    await openSection('Envelopes');
    await openSection('API keys');
    expect(await page.content()).not.toContain(key);

    await main().locator('tr', { hasText: 'ops laptop' }).locator('button', { hasText: 'Revoke' }).focus();
    await page.keyboard.press('Enter');
    await confirmDialog();
    await main().locator('.report [role=status]', { hasText: 'was revoked' }).waitFor();
    expect((await call('GET', '/api/v1/envelopes', { key })).status).toBe(401);
  }, STEP_MS);

  it('previews a changed branding colour and logo', async () => {
    await openSection('Settings');
    expect(await seriousViolations(page)).toEqual([]);
    const logo = `data:image/png;base64,${png(LOGO_RGB).toString('base64')}`;
    await page.locator('#setting-branding-color').fill(ACCENT);
    await page.locator('#setting-branding-logo').fill(logo);
    await page.locator('form.settings', { has: page.locator('#setting-branding-color') }).locator('button[type=submit]').press('Enter');
    await confirmDialog();
    await main().locator('.report [role=status]', { hasText: 'The settings were saved.' }).waitFor();
    // The previews are sandboxed documents that run no script, so what they show is read from the screen.
    const signer = page.locator('iframe[data-page="signer_page"]');
    await signer.scrollIntoViewIfNeeded();
    await waitFor(async () => {
      const shown = await pixelsOf(await signer.screenshot());
      return shown.has(colourKey(LOGO_RGB)) && shown.has(colourKey(ACCENT_RGB));
    }, 120_000, 'the signer page preview in the new colour, with the new logo');
    const email = page.locator('iframe[data-page="invitation_email"]');
    await waitFor(async () => (await pixelsOf(await email.screenshot())).has(colourKey(ACCENT_RGB)), 30_000, 'the invitation email preview in the new colour');
    expect(await violations()).toEqual([]);
  }, STEP_MS);

  it('reminds ticked envelopes through one batch, shows its results, and opens a draft in the builder', async () => {
    const first = await envelope('Bulk one', { name: 'Bea One', email: 'bea@example.com' });
    const second = await envelope('Bulk two', { name: 'Bo Two', email: 'bo@example.com' });
    for (const id of [first, second]) expect((await call('POST', `/api/v1/envelopes/${id}/send_invitation`)).status).toBe(200);
    const draft = await envelope('Bulk draft', { name: 'Dee Draft', email: 'dee@example.com' });
    await openSection('Envelopes');
    await page.locator('#filter-text').fill('Bulk');
    await page.locator('#filter-text').press('Enter');
    await main().locator('caption', { hasText: '3 envelopes on this page' }).waitFor();
    for (const name of ['Bulk one', 'Bulk two', 'Bulk draft']) await main().getByRole('checkbox', { name: `Select ${name}` }).check();
    await main().locator('button', { hasText: 'Remind selected' }).focus();
    await page.keyboard.press('Enter');
    await confirmDialog();
    const open = main().locator('.report a', { hasText: 'See its progress' });
    await open.focus();
    await page.keyboard.press('Enter');
    await main().locator('.badge', { hasText: 'COMPLETED' }).first().waitFor();
    await main().locator('td', { hasText: /CONFLICT/ }).waitFor();
    expect(await main().locator('tbody .badge', { hasText: 'SUCCEEDED' }).count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${api.url}/console#/envelopes/${draft}`);
    await main().locator('a', { hasText: 'Open in the builder' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('main h1', { hasText: 'Edit the draft' }).waitFor();
    await waitFor(() => page.frames().some((frame) => frame.url().startsWith(`${api.url}/builder/`)), 30_000, 'the editor framed in the console');
    const editor = page.frames().find((frame) => frame.url().startsWith(`${api.url}/builder/`));
    await editor?.locator('.page[data-drawn]').first().waitFor();
  }, STEP_MS);

  it('keeps a hostile envelope name as text: no dialog opens and the CSP reports nothing', async () => {
    const hostile = await envelope(HOSTILE_NAME, { name: '<script>alert(2)</script>', email: 'mallory@example.com' }, { note: '<b>bold</b>' });
    await openSection('Envelopes');
    const link = main().locator('table a', { hasText: HOSTILE_NAME });
    await link.waitFor();
    expect(await main().locator('img').count()).toBe(0);
    await link.focus();
    await page.keyboard.press('Enter');
    await page.locator('main h1', { hasText: HOSTILE_NAME }).waitFor();
    expect(await main().locator('img, b, script').count()).toBe(0);
    expect(await main().textContent()).toContain('<b>bold</b>');
    expect(page.url()).toContain(hostile);
    expect(dialogs).toEqual([]);
    expect(await violations()).toEqual([]);
  }, STEP_MS);

  it('refuses a write without the CSRF token, and another tenant\'s envelope is 404', async () => {
    const refused = await page.evaluate(async () => (await fetch('/api/v1/settings', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ branding: { name: 'Forged' } }) })).status);
    expect(refused).toBe(403);
    const globex = await api.call('POST', '/api/v1/envelopes', { key: KEYS.globex, form: {
      name: 'Globex secret', 'documents[contract][base64]': (await samplePdf()).toString('base64'), 'documents[contract][name]': 'contract.pdf',
      'recipients[one][email]': 'gus@example.com', 'recipients[one][name]': 'Gus'
    } });
    const other = (globex.body.envelope as Body).id as string;
    const status = await page.evaluate(async (id) => (await fetch(`/api/v1/envelopes/${id}`)).status, other);
    expect(status).toBe(404);
    await page.goto(`${api.url}/console#/envelopes/${other}`);
    await main().locator('[role=alert]', { hasText: '404' }).waitFor();
    expect(await main().textContent()).not.toContain('Globex secret');
    problems.splice(0, problems.length, ...problems.filter((problem) => !problem.includes(other) && !/^403 .*\/api\/v1\/settings$/.test(problem)));
  }, STEP_MS);

  it('reaches every page by keyboard, axe clean, in English and in Spanish', async () => {
    for (const section of ['Envelopes', 'Templates', 'Batches', 'Webhooks', 'API keys', 'Settings']) {
      await openSection(section);
      expect({ section, violations: await seriousViolations(page) }).toEqual({ section, violations: [] });
    }
    await page.locator('#console-language').selectOption('es');
    await page.locator('form.language button').press('Enter');
    await page.locator('header nav a[href="#/envelopes"]', { hasText: 'Sobres' }).waitFor();
    await page.locator('main h1', { hasText: 'Configuración' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    expect(await violations()).toEqual([]);
    expect(dialogs).toEqual([]);
  }, STEP_MS);
});
