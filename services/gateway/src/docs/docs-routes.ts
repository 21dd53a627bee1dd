import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Request, Response, Router } from 'express';
import { API_VERSION, openApiDocument } from './openapi-document';
import { renderStartPage, type StartPageFacts } from './start-page';

/** The renderer's files, served by Signet itself so the reference works offline (swagger-ui-dist from npm). */
const RENDERER_FILES = ['swagger-ui-bundle.js', 'swagger-ui.css', 'favicon-32x32.png'];
const rendererDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Signet API reference</title>
  <link rel="icon" href="/docs/assets/favicon-32x32.png">
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="reference"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/reference.js"></script>
</body>
</html>
`;

// No validator badge: it would call a server outside this machine. "Try it out" calls the origin the page
// was opened at (127.0.0.1, localhost, a VM's or a container's address) whatever PUBLIC_BASE_URL says, so
// no request is cross-origin; the document's own server stays listed after it.
const RENDERER_START = `fetch('/openapi.json').then((answer) => answer.json()).then((spec) => {
  const here = window.location.origin;
  const others = (spec.servers || []).filter((server) => server.url.replace(/[/]$/, '') !== here);
  spec.servers = [{ url: here, description: 'Where this page was opened' }].concat(others);
  window.ui = SwaggerUIBundle({ spec, dom_id: '#reference', validatorUrl: null, deepLinking: true, defaultModelsExpandDepth: 0 });
});
`;

export interface DocsOptions {
  publicBaseUrl: string;
  mailbox: boolean;
  smsbox: boolean;
  /** What GET / tells besides the links and the key. */
  running: () => Pick<StartPageFacts, 'parts' | 'database' | 'bus' | 'mail'>;
  /** The key monolith mode made for itself: GET / shows it to loopback clients only. */
  developmentKey: string | null;
  isLoopback: (req: Request) => boolean;
}

/** The quickstart ships with the repository (not with the image): linked and served only where it is. */
const QUICKSTART_FILE = path.resolve(__dirname, '..', '..', '..', '..', 'docs', 'quickstart.md');

/**
 * GET / (the start page: what runs here, where to go next), GET /openapi.json (the document, with this
 * gateway as its server), GET /docs (the reference page) with the renderer's files under /docs/assets,
 * and GET /docs/quickstart.md in a repository checkout.
 */
export function docsRoutes(options: DocsOptions): Router {
  const router = Router();
  const document = openApiDocument(options.publicBaseUrl);
  const base = options.publicBaseUrl.replace(/\/$/, '');
  const quickstart = existsSync(QUICKSTART_FILE);
  const links: Record<string, string> = {
    ...(quickstart ? { quickstart: `${base}/docs/quickstart.md` } : {}),
    docs: `${base}/docs`, openapi: `${base}/openapi.json`, console: `${base}/console`,
    ...(options.mailbox ? { mailbox: `${base}/dev/mail` } : {}),
    ...(options.smsbox ? { sms: `${base}/dev/sms` } : {}),
    health: `${base}/healthz`, readiness: `${base}/readyz`
  };
  router.get('/', (req: Request, res: Response) => {
    const developmentKey = options.developmentKey !== null && options.isLoopback(req) ? options.developmentKey : null;
    const facts: StartPageFacts = { ...options.running(), apiVersion: API_VERSION, developmentKey, links };
    res.set('Cache-Control', 'no-store');
    if (req.accepts(['html', 'json']) === 'json') {
      res.json({ name: 'Signet e-signature API', api_version: facts.apiVersion, parts: facts.parts, links, ...(developmentKey ? { development_key: developmentKey } : {}) });
    } else {
      res.type('html').send(renderStartPage(facts));
    }
  });
  if (quickstart) {
    router.get('/docs/quickstart.md', (_req, res) => {
      res.type('text/plain; charset=utf-8').send(readFileSync(QUICKSTART_FILE, 'utf8'));
    });
  }
  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(JSON.stringify(document));
  });
  router.get('/docs', (_req, res) => {
    res.type('html').send(DOCS_PAGE);
  });
  router.get('/docs/assets/reference.js', (_req, res) => {
    res.type('text/javascript').send(RENDERER_START);
  });
  for (const file of RENDERER_FILES) {
    router.get(`/docs/assets/${file}`, (_req, res) => {
      res.sendFile(path.join(rendererDir, file), { maxAge: '1h' });
    });
  }
  return router;
}
