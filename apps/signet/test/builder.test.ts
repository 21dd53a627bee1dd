import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { freePort, pdftotextWords, samplePdf, waitFor } from '@signet/testkit';
import { startChromium, type TestBrowser } from './browser/chromium';
import { startBuilderHost, type BuilderHost } from './browser/builder-host';
import { seriousViolations, tabTo, watchProblems } from './browser/page-checks';
import { KEYS, startTestSignet, type TestSignet } from './harness';
import { sign, written } from './signing/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface HostEvent { type: string; detail: Record<string, unknown> }
type Locator = ReturnType<Frame['locator']>;

/*
 * The embeddable builder on a real Signet: an integrator's app on another origin mints a session with its
 * API key, its page frames the editor with <signet-builder>, and the user places fields by clicking,
 * dragging, the keyboard and numbers, adds an approver and saves through the public API. What is saved is
 * what GET shows, an envelope made from it signs to SUCCESS, and the value lands where it was placed.
 */
describe('the embeddable builder in an integrator page', () => {
  let api: TestSignet;
  let host: BuilderHost;
  let browser: TestBrowser;
  let page: Page;
  const problems: string[] = [];

  const call = (method: string, path: string, options: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string>; key?: string | null } = {}) =>
    api.call(method, path, { key: KEYS.globex, ...options });
  const events = (): Promise<HostEvent[]> => page.evaluate(() => (globalThis as unknown as { builderEvents: HostEvent[] }).builderEvents);
  const eventOf = (type: string) => page.waitForFunction((wanted) => (globalThis as unknown as { builderEvents: HostEvent[] }).builderEvents.some((event) => event.type === wanted), type);

  async function template(name: string): Promise<Body> {
    const created = await call('POST', '/api/v1/templates', {
      form: {
        name,
        'documents[lease][base64]': (await samplePdf({ pages: 2, text: 'Lease agreement. Initials: {{ben}}' })).toString('base64'), 'documents[lease][name]': 'lease.pdf',
        'recipients[ben][name]': 'Ben Buyer', 'recipients[ben][email]': 'ben@example.com'
      }
    });
    expect(created.status).toBe(200);
    return created.body.template as Body;
  }

  /** Opens the host page (for a template, or `envelope=<id>` in `query`) and answers the editor's frame once `ready` has fired. */
  async function openBuilder(templateId: string | null, query = ''): Promise<Frame> {
    await page.goto(`${host.origin}/?${templateId ? `template=${templateId}` : ''}${query}`);
    await eventOf('ready');
    const editor = page.frames().find((frame) => frame.url().startsWith(`${api.url}/builder/`));
    if (!editor) throw new Error('no editor frame');
    await editor.locator('.page[data-drawn]').first().waitFor();
    return editor;
  }

  /** Where an element of the editor is on the integrator's page: the frame's place plus the element's place in it. */
  async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
    await locator.evaluate((node) => node.scrollIntoView({ block: 'nearest' }));
    const frame = await page.locator('signet-builder iframe').evaluate((node) => node.getBoundingClientRect().toJSON());
    const inner = await locator.evaluate((node) => node.getBoundingClientRect().toJSON());
    return { x: frame.x + inner.x, y: frame.y + inner.y, width: inner.width, height: inner.height };
  }

  /** A mouse click at `at` in an element of the editor (its centre by default). */
  async function click(locator: Locator, at?: { x: number; y: number }): Promise<void> {
    const box = await boxOf(locator);
    const point = at ?? { x: box.width / 2, y: box.height / 2 };
    await page.mouse.click(box.x + point.x, box.y + point.y);
  }

  const numberIn = (editor: Frame, selector: string) => editor.locator(selector).inputValue().then(Number);

  beforeAll(async () => {
    api = await startTestSignet({ SIGNET_TEST_CLOCK: 'true' });
    host = await startBuilderHost(api.url, KEYS.globex);
    browser = await startChromium();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    page.setDefaultTimeout(60_000);
    watchProblems(page, problems);
  }, 180_000);

  beforeEach(() => {
    problems.length = 0;
  });

  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await api?.close();
  });

  it('places by click, drag, keyboard and numbers, adds an approver and saves; GET shows it, and an envelope from it signs with the value where it was placed', async () => {
    const lease = await template('Lease');
    const editor = await openBuilder(lease.id);
    const sheet = editor.locator('.page').first();

    // Click: a type in the palette, then the page.
    await click(editor.locator('#palette [data-type="SIGNATURE"]'));
    await click(sheet, { x: 200, y: 150 });
    const signature = editor.getByRole('button', { name: 'Signature, Ben Buyer, page 1', exact: true });
    await expect(signature.getAttribute('aria-pressed')).resolves.toBe('true');
    // The type stays chosen for more places until chosen again (or Escape).
    await click(editor.locator('#palette [data-type="SIGNATURE"]'));

    // Numbers: X and Y typed in the properties panel.
    for (const [selector, value] of [['#prop-left', '100'], ['#prop-top', '300']] as const) {
      await editor.locator(selector).fill(value);
      await editor.locator(selector).press('Tab');
    }
    expect([await numberIn(editor, '#prop-left'), await numberIn(editor, '#prop-top')]).toEqual([100, 300]);

    // Drag: the Text type from the palette onto the page.
    const type = await boxOf(editor.locator('#palette [data-type="TEXT"]'));
    const target = await boxOf(sheet);
    await page.mouse.move(type.x + type.width / 2, type.y + type.height / 2);
    await page.mouse.down();
    await page.mouse.move(target.x + 250, target.y + 80, { steps: 6 });
    await page.mouse.move(target.x + 260, target.y + 90, { steps: 4 });
    await page.mouse.up();
    const text = editor.getByRole('button', { name: 'Text, Ben Buyer, page 1', exact: true });
    await text.waitFor();
    await editor.locator('#prop-name').fill('company');
    await editor.locator('#prop-name').press('Tab');

    // Keyboard: arrows move it (Shift: 10 points), Alt+arrows resize it.
    const before = { left: await numberIn(editor, '#prop-left'), top: await numberIn(editor, '#prop-top'), width: await numberIn(editor, '#prop-width') };
    await text.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Alt+ArrowRight');
    const placed = { left: await numberIn(editor, '#prop-left'), top: await numberIn(editor, '#prop-top'), width: await numberIn(editor, '#prop-width'), height: await numberIn(editor, '#prop-height') };
    expect(placed).toMatchObject({ left: before.left + 1, top: before.top + 10, width: before.width + 1 });

    // Undo and redo, from the keyboard; align left edges over two selected placements, then undo it.
    await page.keyboard.press('Control+z');
    expect(await numberIn(editor, '#prop-width')).toBe(before.width);
    await page.keyboard.press('Control+Shift+z');
    expect(await numberIn(editor, '#prop-width')).toBe(placed.width);
    await page.keyboard.down('Shift');
    await click(signature);
    await page.keyboard.up('Shift');
    await click(editor.locator('#align-left'));
    const lefts = await editor.locator('button.placement').evaluateAll((nodes) => nodes.map((node) => (node as unknown as { style: { left: string } }).style.left));
    expect(new Set(lefts).size).toBe(1);
    await click(editor.locator('#undo'));
    // A click on the page outside every placement clears the selection; then the text alone.
    await click(sheet, { x: 10, y: 10 });
    await click(text);
    expect(await numberIn(editor, '#prop-left')).toBe(placed.left);

    // A {{token}} in the text is offered as a place: Initials on it.
    await click(editor.locator('#palette [data-type="INITIALS"]'));
    await click(editor.getByRole('button', { name: 'Place on {{ben}}, page 1', exact: true }));
    await click(editor.locator('#palette [data-type="INITIALS"]'));

    // A second recipient, an approver.
    await click(editor.locator('#recipient-add'));
    await editor.locator('#recipient-1-name').fill('Ada Approver');
    await editor.locator('#recipient-1-name').press('Tab');
    await editor.locator('#recipient-1-email').fill('ada@example.com');
    await editor.locator('#recipient-1-email').press('Tab');
    await editor.locator('#recipient-1-role').selectOption('APPROVER');
    expect(await seriousViolations(editor)).toEqual([]);

    // The host saves through the element.
    await page.locator('signet-builder').evaluate((node) => (node as unknown as { save(): void }).save());
    await eventOf('save');
    expect((await events()).filter((event) => event.type === 'save')).toEqual([{ type: 'save', detail: { template_id: lease.id } }]);

    // Saved as placed: GET through the API shows the placements within a point of what was set.
    const saved = (await call('GET', `/api/v1/templates/${lease.id}`)).body.template as Body;
    expect(saved.recipients.map((recipient: Body) => [recipient.name, recipient.role ?? 'SIGNER'])).toEqual([['Ben Buyer', 'SIGNER'], ['Ada Approver', 'APPROVER']]);
    const byType = Object.fromEntries((saved.placements as Body[]).map((placement) => [placement.type ?? 'SIGNATURE', placement]));
    const near = (value: unknown, expected: number) => Math.abs(Number(value) - expected) <= 1;
    expect(saved.placements).toHaveLength(3);
    expect(near(byType.SIGNATURE.coordinates.left, 100) && near(byType.SIGNATURE.coordinates.top, 300)).toBe(true);
    expect(near(byType.TEXT.coordinates.left, placed.left) && near(byType.TEXT.coordinates.top, placed.top) && near(byType.TEXT.width, placed.width)).toBe(true);
    expect(byType.TEXT.name).toBe('company');
    expect(byType.INITIALS).toMatchObject({ token: '{{ben}}', recipient_key: 'ben' });

    // A save the API refuses: its problem shows next to the control it names, and the host hears an error.
    await editor.locator('#recipient-0-email').fill('not-an-email');
    await editor.locator('#recipient-0-email').press('Tab');
    await click(editor.locator('#save'));
    await editor.locator('#recipient-0-email-problem:not([hidden])').waitFor();
    await eventOf('error');
    expect(((await call('GET', `/api/v1/templates/${lease.id}`)).body.template as Body).recipients[0].email).toBe('ben@example.com');

    // Preview as Ben: his placements only, read-only.
    await page.locator('signet-builder').evaluate((node) => (node as unknown as { preview(key: string): void }).preview('ben'));
    await editor.locator('div.placement[role=img]').first().waitFor();
    expect(await editor.locator('button.placement').count()).toBe(0);
    expect(await seriousViolations(editor)).toEqual([]);

    // End to end: an envelope from it, signed and approved; the value is drawn where it was placed.
    const used = await call('POST', `/api/v1/templates/${lease.id}/envelopes`, { json: { send: 'true' } });
    expect(used.status).toBe(200);
    const envelopeId = (used.body.envelope as Body).id as string;
    const tokenOf = async (name: string) => waitFor(() => {
      const link = api.events.find((event) => event.key === envelopeId && event.event.event_type === 'recipient.link_generated' && (event.event.data as Body).name === name);
      return link && String((link.event.data as Body).signing_url).split('/sign/')[1];
    }, 30_000, `the signing link of ${name}`);
    expect((await sign(api, await tokenOf('Ben Buyer') as string, { ...written('Ben Buyer'), fields: { company: 'Quokka Holdings', initials_2: 'BB' } })).status).toBe(200);
    expect((await sign(api, await tokenOf('Ada Approver') as string, { consent: true })).status).toBe(200);
    const done = await waitFor(async () => {
      const envelope = (await call('GET', `/api/v1/envelopes/${envelopeId}`)).body.envelope as Body;
      return envelope.status === 'SUCCESS' && envelope;
    }, 60_000, 'SUCCESS');
    const signedPdf = Buffer.from(await (await fetch(done.documents[0].url)).arrayBuffer());
    const word = pdftotextWords(signedPdf).find((candidate) => candidate.page === 0 && candidate.text === 'Quokka');
    expect(word).toBeDefined();
    expect(Math.abs(word!.xMin - placed.left)).toBeLessThanOrEqual(2);
    expect(word!.yMin).toBeGreaterThanOrEqual(placed.top - 2);
    expect(word!.yMax).toBeLessThanOrEqual(placed.top + placed.height + 2);
    expect(problems.filter((problem) => !problem.startsWith('422 '))).toEqual([]);
  }, 180_000);

  it("refuses the session's token on another template, tells the host when the token expires, and is not framed by an origin the session does not allow", async () => {
    const mine = await template('Mine');
    const other = await template('Other');
    const session = (await call('POST', '/api/v1/builder_sessions', { json: { template_id: mine.id, origins: [host.origin] } })).body.builder_session as Body;
    const refused = await call('PUT', `/api/v1/templates/${other.id}`, { key: null, headers: { authorization: `Bearer ${session.token}` }, json: { name: 'Taken over' } });
    expect(refused.status).toBe(403);
    expect(((await call('GET', `/api/v1/templates/${other.id}`)).body.template as Body).name).toBe('Other');

    // Expired: the page's token outlives its minute on Signet's clock; the next save tells the host.
    await openBuilder(mine.id, '&lifetime=1');
    await call('POST', '/dev/clock', { key: null, json: { advance_by: 'PT2M' } });
    await page.locator('signet-builder').evaluate((node) => (node as unknown as { save(): void }).save());
    await eventOf('token-expired');

    // Another origin: the browser blocks the frame (frame-ancestors), and the editor never starts.
    const blocked = page.waitForEvent('console', { predicate: (message) => message.text().includes('frame-ancestors') });
    await page.goto(`${host.origin}/?template=${mine.id}&allow=${encodeURIComponent('https://app.example.com')}`);
    await blocked;
    expect((await events()).some((event) => event.type === 'ready')).toBe(false);
  }, 120_000);

  describe.each([['EN', 'Signature'], ['AR', null]] as const)('by keyboard alone, in %s', (language, signatureWord) => {
    it('places a signature, moves it, sets a number, adds an approver and saves, with every panel axe-clean', async () => {
      // English in a wide page; Arabic in a frame 768 pixels wide, the narrowest the editor is built for.
      await page.setViewportSize({ width: language === 'AR' ? 768 : 1280, height: 900 });
      const lease = await template(`Keyboard ${language}`);
      const editor = await openBuilder(lease.id, `&language=${language}`);
      expect(await editor.evaluate(() => (globalThis as unknown as { document: { documentElement: { dir: string } } }).document.documentElement.dir)).toBe(language === 'AR' ? 'rtl' : 'ltr');
      expect(await seriousViolations(editor)).toEqual([]);

      await tabTo(page, editor, '#palette [data-type="SIGNATURE"]', 300);
      await page.keyboard.press('Enter');
      await tabTo(page, editor, '#palette-add', 300);
      await page.keyboard.press('Enter');
      // The new placement has the focus: arrows move it.
      const focused = () => editor.evaluate(() => (globalThis as unknown as { document: { activeElement: { className: string } } }).document.activeElement.className);
      await waitFor(async () => (await focused()).includes('placement'), 20_000, 'the new placement focused');
      if (signatureWord) expect(await editor.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(name: string): string } } }).document.activeElement.getAttribute('aria-label') ?? '')).toContain(signatureWord);
      const left = await numberIn(editor, '#prop-left');
      await page.keyboard.press('ArrowRight');
      expect(await numberIn(editor, '#prop-left')).toBe(left + 1);
      expect(await seriousViolations(editor)).toEqual([]);

      await tabTo(page, editor, '#prop-top', 300);
      await page.keyboard.press('Control+a');
      await page.keyboard.type('320');
      await page.keyboard.press('Tab');
      expect(await numberIn(editor, '#prop-top')).toBe(320);

      await tabTo(page, editor, '#recipient-add', 300);
      await page.keyboard.press('Enter');
      await tabTo(page, editor, '#recipient-1-name', 300);
      await page.keyboard.type('Ada Approver');
      await tabTo(page, editor, '#recipient-1-email', 10);
      await page.keyboard.type('ada@example.com');
      await tabTo(page, editor, '#recipient-1-role', 10);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      expect(await editor.locator('#recipient-1-role').inputValue()).toBe('APPROVER');
      expect(await seriousViolations(editor)).toEqual([]);

      await tabTo(page, editor, '#save', 300);
      await page.keyboard.press('Enter');
      await eventOf('save');
      const saved = (await call('GET', `/api/v1/templates/${lease.id}`)).body.template as Body;
      expect(saved.placements).toHaveLength(1);
      expect(Number(saved.placements[0].coordinates.top)).toBe(320);
      expect(saved.recipients.map((recipient: Body) => recipient.role ?? 'SIGNER')).toEqual(['SIGNER', 'APPROVER']);
      expect(problems).toEqual([]);
    }, 150_000);
  });

  it('edits a draft envelope: a document added through the upload flow, a signature placed on it, saved and sent', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const created = await call('POST', '/api/v1/envelopes', {
      form: {
        'documents[contract][base64]': (await samplePdf({ pages: 1, text: 'Contract' })).toString('base64'), 'documents[contract][name]': 'contract.pdf',
        'recipients[ana][name]': 'Ana Lima', 'recipients[ana][email]': 'ana@example.com',
        'placements[0][document_key]': 'contract', 'placements[0][recipient_key]': 'ana', 'placements[0][coordinates][page]': '0',
        'placements[0][coordinates][left]': '72', 'placements[0][coordinates][top]': '600'
      }
    });
    const envelopeId = (created.body.envelope as Body).id as string;
    const editor = await openBuilder(null, `envelope=${envelopeId}`);
    // An envelope's recipients are shown, not edited (a save sends no recipients, so nothing of theirs is lost).
    expect(await editor.locator('#recipients-fixed').isVisible()).toBe(true);
    expect(await editor.locator('#recipient-add').isVisible()).toBe(false);
    await editor.locator('#document-add').setInputFiles({ name: 'annex.pdf', mimeType: 'application/pdf', buffer: await samplePdf({ pages: 1, text: 'Annex' }) });
    await editor.locator('.page[data-document="annex"][data-drawn]').waitFor();
    const documents = ((await call('GET', `/api/v1/envelopes/${envelopeId}`)).body.envelope as Body).documents as Body[];
    expect(documents.map((document) => document.file_name)).toEqual(['contract.pdf', 'annex.pdf']);

    const annex = editor.locator('.page[data-document="annex"]');
    await click(editor.locator('#palette [data-type="SIGNATURE"]'));
    await click(annex, { x: 200, y: 200 });
    await click(editor.locator('#palette [data-type="SIGNATURE"]'));
    await click(editor.locator('#send'));
    await eventOf('send');
    const sent = (await call('GET', `/api/v1/envelopes/${envelopeId}`)).body.envelope as Body;
    expect(sent.status).toBe('IN_PROGRESS');
    expect(sent.documents).toHaveLength(2);
    expect((sent.placements as Body[]).map((placement) => placement.document_key).sort()).toEqual(['annex', 'contract']);
    expect(problems).toEqual([]);
  }, 120_000);

  it("runs the documentation's host page as written: its server starts the session, and the builder is ready", async () => {
    const root = path.join(__dirname, '..', '..', '..');
    const example = path.join(root, 'docs', 'examples', 'builder-host.mjs');
    expect(readFileSync(path.join(root, 'docs', 'builder.md'), 'utf8')).toContain(readFileSync(example, 'utf8'));
    const lease = await template('From the docs');
    const port = await freePort();
    const server = spawn(process.execPath, [example], { env: { ...process.env, SIGNET_URL: api.url, SIGNET_API_KEY: KEYS.globex, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve) => server.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('Open ') && resolve()));
      await page.goto(`http://localhost:${port}/?template=${lease.id}`);
      await eventOf('ready');
    } finally {
      server.kill();
    }
  }, 60_000);
});
