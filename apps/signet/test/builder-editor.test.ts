import type { Frame, Page } from 'playwright-core';
import { startChromium, type TestBrowser } from './browser/chromium';
import { type BuilderFixture, startBuilderFixture, startBuilderHost, TEMPLATE_ID } from './browser/builder-fixture';
import { seriousViolations, watchProblems } from './browser/page-checks';

/*
 * The embeddable builder's browser side: an integrator's page puts <signet-builder> on it, and the user
 * places, moves, resizes and aligns fields in the framed editor with the mouse, the keyboard and numbers,
 * undoes and redoes, and saves. The API is a fake (browser/builder-fixture.ts) that records what is saved.
 */

interface HostEvent { type: string; detail: Record<string, unknown> }

let browser: TestBrowser;
let fixture: BuilderFixture;
let host: { origin: string; close(): Promise<void> };
let page: Page;
let editor: Frame;
const problems: string[] = [];

const events = () => page.evaluate(() => (globalThis as unknown as { builderEvents: HostEvent[] }).builderEvents);
const value = (selector: string) => editor.locator(selector).inputValue().then(Number);
const placement = (name: string) => editor.getByRole('button', { name, exact: true });

/** Where an element of the editor is on the integrator's page (the frame's place plus the element's place in it). */
async function boxOf(locator: ReturnType<Frame['locator']>): Promise<{ x: number; y: number; width: number; height: number }> {
  const frame = await page.locator('signet-builder iframe').evaluate((node) => node.getBoundingClientRect().toJSON());
  const inner = await locator.evaluate((node) => node.getBoundingClientRect().toJSON());
  return { x: frame.x + inner.x, y: frame.y + inner.y, width: inner.width, height: inner.height };
}

/**
 * Clicks an element of the editor with the mouse, at `position` in it (its centre by default). Playwright's
 * own click in a frame needs the frame's element handle, which this Node cannot dispose of.
 */
async function click(locator: ReturnType<Frame['locator']>, options: { position?: { x: number; y: number }; modifiers?: Array<'Shift'> } = {}): Promise<void> {
  await locator.evaluate((node) => node.scrollIntoView({ block: 'nearest' }));
  const box = await boxOf(locator);
  const at = options.position ?? { x: box.width / 2, y: box.height / 2 };
  for (const key of options.modifiers ?? []) await page.keyboard.down(key);
  await page.mouse.click(box.x + at.x, box.y + at.y);
  for (const key of options.modifiers ?? []) await page.keyboard.up(key);
}

beforeAll(async () => {
  let signetOrigin = '';
  host = await startBuilderHost(() => signetOrigin);
  fixture = await startBuilderFixture(host.origin);
  signetOrigin = fixture.origin;
  browser = await startChromium();
  page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  page.setDefaultTimeout(60_000);
  watchProblems(page, problems);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await fixture?.close();
  await host?.close();
});

describe('the builder in an integrator page', () => {
  it('places, moves, resizes, aligns, undoes and saves fields, told to the host as events', async () => {
    await page.goto(`${host.origin}/`);
    await page.waitForFunction(() => (globalThis as unknown as { builderEvents: HostEvent[] }).builderEvents.some((event) => event.type === 'ready'));
    editor = page.frames().find((frame) => frame.url().startsWith(`${fixture.origin}/builder/`))!;
    // The token left the address as soon as the editor read it.
    expect(await editor.evaluate(() => (globalThis as unknown as { location: { hash: string } }).location.hash)).toBe('');
    await editor.locator('.page[data-drawn]').first().waitFor();
    await editor.getByRole('button', { name: 'Place on {{ben}}, page 1' }).waitFor();
    expect(await seriousViolations(editor)).toEqual([]);

    // Click: choose Signature in the palette, then click the page; the box is centred where the page was clicked.
    const sheet = editor.locator('.page').first();
    const box = await boxOf(sheet);
    const scale = 612 / box.width;
    await click(editor.getByRole('button', { name: 'Signature', exact: true }));
    await click(sheet, { position: { x: 200, y: 150 } });
    const signature = placement('Signature, Ben Buyer, page 1');
    await expect(signature.getAttribute('aria-pressed')).resolves.toBe('true');
    expect(await value('#prop-left')).toBeCloseTo(200 * scale - 75, 0);
    expect(await value('#prop-top')).toBeCloseTo(150 * scale - 25, 0);
    await expect(editor.locator('[role=status][aria-live=polite]').textContent()).resolves.toContain('Placed: Signature, Ben Buyer, page 1');

    // Numbers: X and Y typed in the properties panel.
    await editor.locator('#prop-left').fill('100');
    await editor.locator('#prop-left').press('Tab');
    await editor.locator('#prop-top').fill('300');
    await editor.locator('#prop-top').press('Tab');
    expect([await value('#prop-left'), await value('#prop-top')]).toEqual([100, 300]);

    // Keyboard: arrows move 1 point, Shift+arrows 10.
    await signature.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    expect([await value('#prop-left'), await value('#prop-top')]).toEqual([101, 310]);

    // Undo and redo, from the keyboard.
    await signature.focus();
    await page.keyboard.press('Control+z');
    expect(await value('#prop-top')).toBe(300);
    await page.keyboard.press('Control+Shift+z');
    expect(await value('#prop-top')).toBe(310);

    // Drag: the box follows the pointer, in the page's points.
    const start = await boxOf(signature);
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.down();
    await page.mouse.move(start.x + start.width / 2 + 30, start.y + start.height / 2, { steps: 4 });
    await page.mouse.move(start.x + start.width / 2 + 60, start.y + start.height / 2 + 20, { steps: 4 });
    await page.mouse.up();
    expect(await value('#prop-left')).toBeCloseTo(101 + 60 * scale, 0);
    expect(await value('#prop-top')).toBeCloseTo(310 + 20 * scale, 0);

    // A text field added from the keyboard (the palette's "Add to the page in view"), then widened with Alt+arrow.
    await click(editor.getByRole('button', { name: 'Text', exact: true }));
    await click(editor.getByRole('button', { name: 'Add to the page in view' }));
    const text = placement('Text, Ben Buyer, page 1');
    await expect(text.evaluate((node) => node === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement)).resolves.toBe(true);
    expect(await value('#prop-width')).toBe(150);
    await page.keyboard.press('Alt+ArrowRight');
    expect(await value('#prop-width')).toBe(151);
    await editor.locator('#prop-name').fill('tenant_name');
    await editor.locator('#prop-name').press('Tab');
    const named = placement('Text, Ben Buyer, page 1');
    await click(editor.getByRole('button', { name: 'Text', exact: true }));

    // Shift+click adds the signature to the selection; both are then aligned on their left edges.
    await click(named);
    await click(signature, { modifiers: ['Shift'] });
    await click(editor.getByRole('button', { name: 'Align left edges' }));
    const lefts = await editor.locator('.placement').evaluateAll((nodes) => nodes.map((node) => (node as unknown as { style: { left: string } }).style.left));
    expect(new Set(lefts).size).toBe(1);
    expect(await seriousViolations(editor)).toEqual([]);

    // The host saves through the element; the save replaces the template's recipients and placements.
    const element = page.locator('signet-builder');
    const revision = await element.evaluate((node) => (node as unknown as { revision: number }).revision);
    expect(revision).toBeGreaterThanOrEqual(9);
    await element.evaluate((node) => (node as unknown as { save(): void }).save());
    await page.waitForFunction(() => (globalThis as unknown as { builderEvents: HostEvent[] }).builderEvents.some((event) => event.type === 'save'));
    expect((await events()).filter((event) => event.type === 'save')).toEqual([{ type: 'save', detail: { template_id: TEMPLATE_ID } }]);
    const saved = fixture.saves[0]?.body as { recipients: Record<string, unknown>; placements: Record<string, Record<string, unknown> & { coordinates: { left: string } }>; documents?: unknown };
    expect(saved.documents).toBeUndefined();
    expect(saved.recipients).toEqual({ ben: { name: 'Ben Buyer', email: 'ben@example.com', role: 'SIGNER', order: '0' } });
    expect(saved.placements['0']).toEqual({
      document_key: 'contract', recipient_key: 'ben', type: 'SIGNATURE',
      coordinates: { page: '0', left: expect.stringMatching(/^\d+(\.\d{1,2})?$/), top: expect.stringMatching(/^\d+(\.\d{1,2})?$/) }
    });
    expect(saved.placements['1']).toMatchObject({ type: 'TEXT', name: 'tenant_name', required: 'true', width: '151', height: '16' });
    expect(saved.placements['0']?.coordinates.left).toBe(saved.placements['1']?.coordinates.left);

    // A refused save: the problem shows next to the control it names, and the host hears an error.
    fixture.refuseNextSave([{ field: 'recipients.ben.email', message: 'must be an email address' }]);
    await click(editor.getByRole('button', { name: 'Save', exact: true }));
    await editor.locator('#recipient-0-email-problem').getByText('must be an email address').waitFor();
    await expect(editor.locator('#recipient-0-email').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.waitForFunction(() => (globalThis as unknown as { builderEvents: HostEvent[] }).builderEvents.some((event) => event.type === 'error'));

    // Preview as the recipient: their placements only, read-only.
    await element.evaluate((node) => (node as unknown as { preview(key: string): void }).preview('ben'));
    await editor.locator('div.placement[role=img]').first().waitFor();
    expect(await editor.locator('button.placement').count()).toBe(0);
    expect(problems.filter((problem) => !problem.startsWith('422 '))).toEqual([]);
  }, 90_000);
});
