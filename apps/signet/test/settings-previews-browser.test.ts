import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startChromium, type TestBrowser } from './browser/chromium';
import { ARTIFACTS, seriousViolations, watchProblems } from './browser/page-checks';
import { KEYS, startTestSignet, type TestSignet } from './harness';
import { DRAWN_PNG } from './signing/flows';

describe('the settings previews in Chromium', () => {
  let api: TestSignet;
  let browser: TestBrowser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    [api, browser] = await Promise.all([startTestSignet(), startChromium()]);
    const saved = await api.call('PUT', '/api/v1/settings', {
      key: KEYS.globexSecond,
      json: { branding: { name: 'Lumen Legal', logo: `data:image/png;base64,${DRAWN_PNG}`, color: '#fde047' }, signature_flow: { language: 'AR' } }
    });
    expect(saved.status).toBe(200);
    page = await browser.context.newPage();
    await page.setExtraHTTPHeaders({ authorization: KEYS.globexSecond });
    watchProblems(page, problems);
    mkdirSync(ARTIFACTS, { recursive: true });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  beforeEach(() => {
    problems.length = 0;
  });

  /**
   * A computed style read through the DevTools protocol: the preview is sandboxed without scripts, so
   * nothing (Playwright's evaluate included) runs in it.
   */
  const computed = async (selector: string, property: string): Promise<string | undefined> => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { computedStyle } = await cdp.send('CSS.getComputedStyleForNode', { nodeId });
    await cdp.detach();
    return computedStyle.find((entry) => entry.name === property)?.value;
  };

  /** axe on the same HTML in a page of its own (axe is a script, which the preview's sandbox refuses). */
  const violationsOf = async (preview: string): Promise<string[]> => {
    const html = await (await fetch(`${api.url}${preview}`, { headers: { authorization: KEYS.globexSecond } })).text();
    const copy = await browser.context.newPage();
    await copy.setContent(html);
    const found = await seriousViolations(copy);
    await copy.close();
    return found;
  };

  it('draws the signer page preview in its own style (allowed by its policy: no CSP error), its colour with dark text on it, nothing serious for axe', async () => {
    const preview = '/api/v1/settings/preview/signer_page';
    expect((await page.goto(`${api.url}${preview}`))?.status()).toBe(200);
    expect(await computed('#sign', 'background-color')).toBe('rgb(253, 224, 71)');
    expect(await computed('#sign', 'color')).toBe('rgb(17, 17, 17)');
    expect(await computed('.brand', 'border-bottom-color')).toBe('rgb(253, 224, 71)');
    expect(await computed('#typed-preview', 'font-family')).toContain('Dancing Script');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.screenshot({ path: path.join(ARTIFACTS, 'preview-signer-page.png'), fullPage: true });
    expect(problems).toEqual([]);
    expect(await violationsOf(preview)).toEqual([]);
  }, 120_000);

  it('draws the invitation email preview with its inline styles, nothing serious for axe', async () => {
    const preview = '/api/v1/settings/preview/invitation_email?language=EN';
    expect((await page.goto(`${api.url}${preview}`))?.status()).toBe(200);
    expect(await computed('a[href="#"]', 'background-color')).toBe('rgb(253, 224, 71)');
    await page.screenshot({ path: path.join(ARTIFACTS, 'preview-invitation-email.png'), fullPage: true });
    expect(problems).toEqual([]);
    expect(await violationsOf(preview)).toEqual([]);
  }, 120_000);
});
