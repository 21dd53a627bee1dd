import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Router, type Response } from 'express';
import { isId } from '@signet/contracts';
import { language } from '@signet/i18n';
import { AppError } from '@signet/http';
import type { Clock } from '@signet/service';
import { scriptMessages } from '../pages/script-messages';
import type { BuilderSessionStore } from './builder-session-store';
import { renderBuilderPage, renderMissingBuilderPage } from './render-builder-page';

const STATIC = path.join(__dirname, '..', '..', 'static');

/**
 * The editor's files: every script and style sheet of static/builder (read once, at start: no path
 * reaches anything else) and pdf.js's browser build and worker, from Signet itself (the CSP allows only 'self').
 */
function editorAssets(): Record<string, string> {
  const dir = path.join(STATIC, 'builder');
  const own = existsSync(dir) ? readdirSync(dir).filter((name) => /\.(js|css)$/.test(name)) : [];
  return {
    ...Object.fromEntries(own.map((name) => [name, path.join(dir, name)])),
    'pdf.min.mjs': require.resolve('pdfjs-dist/build/pdf.min.mjs'),
    'pdf.worker.min.mjs': require.resolve('pdfjs-dist/build/pdf.worker.min.mjs')
  };
}

/**
 * Scripts, styles, the PDFs (fetched through the API) and pdf.js's module worker only from Signet;
 * pages render to canvases exported as blob: and data: images. Framed only by the session's origins.
 */
function pageHeaders(frameAncestors: string[]): Record<string, string> {
  const policy = [
    "default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "img-src 'self' data: blob:",
    "worker-src 'self'", "font-src 'self'", "base-uri 'none'", "form-action 'none'",
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'"}`
  ].join('; ');
  return { 'Content-Security-Policy': policy, 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
}

function sendScript(res: Response, file: string, headers: Record<string, string>): void {
  res.set(headers);
  // Module scripts must be served as JavaScript; express's mime table may call .mjs something else.
  if (/\.m?js$/.test(file)) res.type('text/javascript');
  res.setHeader('Cache-Control', 'public, max-age=3600');
  res.sendFile(file);
}

/** The editor page of a live session, its static files, and the `<signet-builder>` element's script. */
export function builderPageRoutes(sessions: BuilderSessionStore, clock: Clock): Router {
  const router = Router();
  const assets = editorAssets();
  const element = path.join(STATIC, 'embed', 'builder.js');

  router.get('/builder/assets/:file', (req, res) => {
    const file = assets[String(req.params.file)];
    if (!file) throw new AppError('NOT_FOUND', 'No such asset');
    sendScript(res, file, pageHeaders([]));
  });
  // Any page may load the element: it holds no secret (the token is the host page's to give it).
  router.get('/embed/builder.js', (_req, res) => {
    if (!existsSync(element)) throw new AppError('NOT_FOUND', 'No such asset');
    sendScript(res, element, { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin', 'X-Content-Type-Options': 'nosniff' });
  });
  router.get('/builder/:session_id', async (req, res) => {
    const id = String(req.params.session_id);
    const session = isId(id) ? await sessions.find(id) : null;
    if (!session || session.revoked_at !== null || session.expires_at <= clock()) {
      res.status(404).type('html').set(pageHeaders([])).send(renderMissingBuilderPage());
      return;
    }
    const spoken = language(session.language);
    res.status(200).type('html').set(pageHeaders(session.origins)).send(renderBuilderPage(session.id, spoken, scriptMessages(spoken, 'builder.')));
  });
  return router;
}
