import path from 'node:path';
import { Request, Response, Router } from 'express';
import { openApiDocument } from './openapi-document';

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

// No validator badge: it would call a server outside this machine.
const RENDERER_START = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#reference', validatorUrl: null, deepLinking: true, defaultModelsExpandDepth: 0 });\n`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function homePage(links: Record<string, string>): string {
  const items = Object.entries(links).map(([name, url]) => `    <li><a href="${escapeHtml(url)}">${escapeHtml(name)}</a>: <code>${escapeHtml(url)}</code></li>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Signet</title></head>
<body>
  <h1>Signet e-signature API</h1>
  <p>Send <code>Authorization: &lt;API key&gt;</code> (the key itself, no <code>Bearer</code>) to every <code>/api/v1</code> route.</p>
  <ul>
${items}
  </ul>
</body>
</html>
`;
}

/**
 * GET / (where to start), GET /openapi.json (the document, with this gateway as its server) and GET /docs
 * (the reference page) with the renderer's files under /docs/assets.
 */
export function docsRoutes(options: { publicBaseUrl: string; mailbox: boolean }): Router {
  const router = Router();
  const document = openApiDocument(options.publicBaseUrl);
  const base = options.publicBaseUrl.replace(/\/$/, '');
  const links: Record<string, string> = {
    docs: `${base}/docs`, openapi: `${base}/openapi.json`, health: `${base}/healthz`, readiness: `${base}/readyz`,
    ...(options.mailbox ? { mailbox: `${base}/dev/mail` } : {})
  };
  router.get('/', (req: Request, res: Response) => {
    if (req.accepts(['html', 'json']) === 'json') res.json({ name: 'Signet e-signature API', links });
    else res.type('html').send(homePage(links));
  });
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

