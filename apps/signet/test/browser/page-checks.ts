import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { Frame, Page, Request } from 'playwright-core';
import { checkAnswer, isJson } from '@signet/testkit';

/** Where the browser tests leave their screenshots (gitignored; named in docs/development.md). */
export const ARTIFACTS = path.join(__dirname, '..', '..', '..', '..', 'test-artifacts', 'signer-page');

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation { id: string; impact: string | null; help: string; nodes: Array<{ target: unknown }> }

/**
 * Runs axe-core (from node_modules; evaluated through the DevTools protocol, which the page's CSP does
 * not govern, so the page itself still allows only its own scripts) and returns the serious and critical
 * violations, each as one readable line.
 */
export async function seriousViolations(target: Page | Frame): Promise<string[]> {
  const loaded = await target.evaluate(() => typeof (globalThis as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await target.evaluate(AXE_SOURCE);
  const violations = await target.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run((globalThis as any).document, { // eslint-disable-line @typescript-eslint/no-explicit-any
      resultTypes: ['violations'] });
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, nodes: violation.nodes.map((node) => node.target) }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} at ${JSON.stringify(violation.nodes)}`);
}

/** A step of a flow: axe finds nothing serious, and the screen is saved as `<prefix>-<name>.png`. */
export function stepRecorder(prefix: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  return async (page: Page, name: string, target: Page | Frame = page): Promise<void> => {
    expect({ step: name, violations: await seriousViolations(target) }).toEqual({ step: name, violations: [] });
    await page.screenshot({ path: path.join(ARTIFACTS, `${prefix}-${name}.png`) });
  };
}

/** Records console errors (CSP violations among them), uncaught exceptions and failed responses of a page. */
export function watchProblems(page: Page, problems: string[]): void {
  // A failed response is recorded with its URL below; the console's copy of it says less.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
}

/**
 * The differences between one answer the browser got and docs/openapi.json (none for other servers). An
 * answer the browser can no longer give (its body let go as the page moved on, or the page closed as the
 * test ended) is not checked.
 */
async function contractProblems(request: Request): Promise<string[]> {
  // A blob: or data: URL is the page's own bytes (a photo's preview), not an answer of a server.
  if (!/^https?:/.test(request.url())) return [];
  const response = await request.response().catch(() => null);
  const body = await response?.body().catch(() => null);
  if (!response || body === null || body === undefined) return [];
  const contentType = response.headers()['content-type'] ?? null;
  try {
    const json = contentType !== null && isJson(contentType) && body.length > 0 ? JSON.parse(body.toString('utf8')) : undefined;
    checkAnswer({ method: request.method(), url: response.url(), status: response.status(), contentType, body: json });
    return [];
  } catch (problem) {
    return [(problem as Error).message];
  }
}

/** Checks every answer the page (and its frames) receives from the Signet under test against the OpenAPI document. */
export function watchAnswers(page: Page, problems: string[]): void {
  page.on('requestfinished', (request) => {
    void contractProblems(request).then((found) => problems.push(...found));
  });
}

/** Presses Tab until the focused element (in `target`, a page or a frame) matches `selector`. */
export async function tabTo(page: Page, target: Page | Frame, selector: string, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((wanted) => (globalThis as any).document.activeElement?.matches(wanted) ?? false, selector)) return; // eslint-disable-line @typescript-eslint/no-explicit-any
  }
  throw new Error(`Tab never reached ${selector}`);
}

/**
 * An integrator's app on another origin (http://localhost:<port>, while Signet answers on 127.0.0.1):
 * `/embed?src=<signing url>` frames the signer page and keeps every message it receives in
 * `window.signetMessages`, as the snippet in docs/integrating.md does.
 */
export async function startIntegratorApp(port: number): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://localhost').searchParams.get('src') ?? '';
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><html lang="en"><head><title>Integrator app</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0"><main><h1 style="font:16px sans-serif;margin:8px">Integrator app</h1>
<iframe id="signet" title="Sign the contract" src="${src.replace(/"/g, '&quot;')}" style="width:100%;height:calc(100vh - 48px);border:0"></iframe></main>
<script>
window.signetMessages = [];
window.addEventListener('message', (event) => {
  if (event.data && event.data.source === 'signet') window.signetMessages.push({ origin: event.origin, ...event.data });
});
</script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve));
  return {
    origin: `http://localhost:${port}`,
    // Chromium keeps its connections alive; closing them is what lets close() return at once.
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    })
  };
}
