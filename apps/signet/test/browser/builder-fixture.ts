import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import express from 'express';
import { CATALOGUE } from '@signet/i18n';

const ROOT = path.join(__dirname, '..', '..', '..', '..');
const STATIC = path.join(ROOT, 'services', 'gateway', 'static');
export const SESSION_ID = 'bs_test';
export const TOKEN = 'token-one';
export const TEMPLATE_ID = 'tpl_test';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A save the fake API received: its body as the editor sent it. */
export interface ReceivedSave { method: string; path: string; body: Record<string, unknown> }

export interface BuilderFixture {
  origin: string;
  saves: ReceivedSave[];
  /** The next save is refused with 422 and these details. */
  refuseNextSave(details: Array<{ field: string; message: string }>): void;
  close(): Promise<void>;
}

function listen(app: express.Express, host: string): Promise<Server> {
  return new Promise((resolve) => {
    const server = app.listen(0, host, () => resolve(server));
  });
}

const closing = (server: Server) => new Promise<void>((resolve) => {
  server.close(() => resolve());
  server.closeAllConnections();
});

/**
 * The editor's static files and the page the gateway serves (with its CSP), and a fake public API for one
 * template session, on 127.0.0.1: the browser side tested without the gateway's routes.
 */
export async function startBuilderFixture(hostOrigin: string): Promise<BuilderFixture> {
  const saves: ReceivedSave[] = [];
  let refusal: Array<{ field: string; message: string }> | null = null;
  const messages = Object.fromEntries(Object.entries(CATALOGUE.en).filter(([key]) => key.startsWith('builder.')));
  const template = {
    id: TEMPLATE_ID, name: 'Lease', metadata: {}, settings: {}, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
    documents: [{ id: 'doc_1', custom_key: 'contract', file_name: 'contract.pdf', type: 'SIGNABLE', order: 0, file_size: 1, page_count: 1, sha256: 'x', form_fields: [], url: '/files/contract.pdf' }],
    recipients: [{ key: 'ben', name: 'Ben Buyer', email: 'ben@example.com', role: 'SIGNER', order: '0' }],
    placements: []
  };
  const session = {
    id: SESSION_ID, expires_at: '2026-01-01T00:15:00Z', template_id: TEMPLATE_ID, envelope_id: null, new_template: false,
    actions: ['edit'], origins: [hostOrigin], roles: ['SIGNER', 'APPROVER', 'WITNESS', 'VIEWER', 'CC'],
    field_types: ['SIGNATURE', 'APPROVAL', 'WITNESS', 'INITIALS', 'TEXT', 'NUMBER', 'DATE', 'CHECKBOX', 'RADIO', 'DROPDOWN', 'EMAIL', 'NAME', 'SIGNING_DATE', 'ATTACHMENT'], language: 'EN'
  };

  const app = express();
  app.get(`/builder/${SESSION_ID}`, (_req, res) => {
    res.set({
      'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data: blob:; worker-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors ${hostOrigin}`,
      'referrer-policy': 'no-referrer', 'cache-control': 'no-store'
    });
    res.type('html').send(`<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>${messages['builder.title']}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="/builder/assets/editor.css">
<script type="module" src="/builder/assets/editor.js"></script></head>
<body><div id="builder" data-session="${SESSION_ID}" data-messages="${escape(JSON.stringify(messages))}"></div></body></html>`);
  });
  app.get('/builder/assets/:file', (req, res) => {
    const file = req.params.file;
    if (file === 'pdf.min.mjs' || file === 'pdf.worker.min.mjs') return res.type('text/javascript').sendFile(require.resolve(`pdfjs-dist/build/${file}`));
    if (!/^[a-z-]+\.(js|css)$/.test(file)) return res.status(404).end();
    res.type(file.endsWith('.css') ? 'text/css' : 'text/javascript').send(readFileSync(path.join(STATIC, 'builder', file)));
  });
  app.get('/embed/builder.js', (_req, res) => {
    res.set({ 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin' }).type('text/javascript').sendFile(path.join(STATIC, 'embed', 'builder.js'));
  });
  app.get('/files/contract.pdf', (_req, res) => res.type('application/pdf').sendFile(path.join(ROOT, 'docs', 'sample-contract.pdf')));
  app.use('/api/v1', express.json({ limit: '20mb' }), (req, res, next) => {
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return res.status(401).json({ error: 'Unauthorized', code: 'UNAUTHORIZED' });
    next();
  });
  app.get(`/api/v1/builder_sessions/${SESSION_ID}`, (_req, res) => res.json({ builder_session: session, request_id: 'r' }));
  app.get(`/api/v1/templates/${TEMPLATE_ID}`, (_req, res) => res.json({ template, request_id: 'r' }));
  app.put(`/api/v1/templates/${TEMPLATE_ID}`, (req, res) => {
    saves.push({ method: 'PUT', path: req.path, body: req.body });
    if (refusal) {
      const details = refusal;
      refusal = null;
      return res.status(422).json({ error: 'Validation failed', code: 'VALIDATION_FAILED', details });
    }
    res.json({ template, request_id: 'r' });
  });
  const server = await listen(app, '127.0.0.1');
  const address = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${address.port}`,
    saves,
    refuseNextSave(details) {
      refusal = details;
    },
    close: () => closing(server)
  };
}

/** The integrator's page (on localhost, another origin): the element, and every event it dispatches in `window.builderEvents`. */
export async function startBuilderHost(signetOrigin: () => string): Promise<{ origin: string; close(): Promise<void> }> {
  const app = express();
  app.get('/', (_req, res) => {
    res.type('html').send(`<!doctype html><html lang="en"><head><title>Integrator app</title></head><body style="margin:0">
<main><h1 style="font:16px sans-serif;margin:4px">Integrator app</h1>
<signet-builder url="${signetOrigin()}/builder/${SESSION_ID}" token="${TOKEN}" style="height:860px"></signet-builder></main>
<script src="${signetOrigin()}/embed/builder.js"></script>
<script>
window.builderEvents = [];
const element = document.querySelector('signet-builder');
for (const type of ['ready', 'change', 'save', 'send', 'error', 'token-expired']) {
  element.addEventListener(type, (event) => window.builderEvents.push({ type, detail: event.detail }));
}
</script></body></html>`);
  });
  const server = await listen(app, 'localhost');
  const address = server.address() as { port: number };
  return { origin: `http://localhost:${address.port}`, close: () => closing(server) };
}
