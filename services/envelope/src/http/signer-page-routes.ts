import path from 'node:path';
import type { Express } from 'express';
import { AppError, requestIdOf } from '@signet/http';
import type { EnvelopeDeps } from '../envelope-deps';
import { loadSignerPage } from '../signer-page/load-signer-page';
import { signerPageHeaders } from '../signer-page/page-security';
import { valueFonts } from '../signer-page/value-fonts';

const OWN = path.join(__dirname, '..', '..', 'static', 'signer-page');

/**
 * The page's own script and style, pdf.js's browser build and its worker, the handwriting font, and the
 * document's fonts for values shown at their places (value-fonts.ts), from Signet itself (no CDN: signers' browsers may not reach one, and the CSP allows only 'self'). A fixed
 * list, so no path reaches anything else. Files only, no domain logic: served by the adapter alone.
 */
const ASSETS: Record<string, string> = {
  'signer-page.js': path.join(OWN, 'signer-page.js'),
  'signer-page.css': path.join(OWN, 'signer-page.css'),
  'state-page.js': path.join(OWN, 'state-page.js'),
  'embed.js': path.join(OWN, 'embed.js'),
  'guide.js': path.join(OWN, 'guide.js'),
  'fields.js': path.join(OWN, 'fields.js'),
  'pdf-pages.js': path.join(OWN, 'pdf-pages.js'),
  'signature-input.js': path.join(OWN, 'signature-input.js'),
  'identity.js': path.join(OWN, 'identity.js'),
  'camera.js': path.join(OWN, 'camera.js'),
  'pdf.min.mjs': require.resolve('pdfjs-dist/build/pdf.min.mjs'),
  'pdf.worker.min.mjs': require.resolve('pdfjs-dist/build/pdf.worker.min.mjs'),
  'dancing-script.woff2': require.resolve('@fontsource/dancing-script/files/dancing-script-latin-400-normal.woff2')
};

/** The public signer page (the token in the path is the credential) and its static files. */
export function signerPageRoutes(router: Express, deps: EnvelopeDeps): void {
  const fonts = valueFonts();
  const assets: Record<string, string> = { ...ASSETS, ...fonts.files };
  router.get('/sign/assets/value-fonts.css', (_req, res) => {
    res.set(signerPageHeaders());
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/css').send(fonts.css);
  });

  router.get('/sign/assets/:file', (req, res) => {
    const file = assets[String(req.params.file)];
    if (!file) throw new AppError('NOT_FOUND', 'No such asset');
    res.set(signerPageHeaders());
    // Module scripts must be served as JavaScript; express would call .mjs something else on older mime tables.
    if (file.endsWith('.mjs') || file.endsWith('.js')) res.type('text/javascript');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.sendFile(file);
  });

  router.get('/sign/:token', async (req, res) => {
    const page = await loadSignerPage(deps, { token: String(req.params.token), requestId: requestIdOf(res) });
    res.status(page.found ? 200 : 404).type('html').set(signerPageHeaders(page.frameAncestors)).send(page.html);
  });
}
