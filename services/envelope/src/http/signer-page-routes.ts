import type { Express } from 'express';
import { AppError, requestIdOf } from '@signet/http';
import { accentColors, accentStylesheet } from '../accent-colors';
import type { EnvelopeDeps } from '../envelope-deps';
import { loadSignerPage } from '../signer-page/load-signer-page';
import { SIGNER_PAGE_ASSETS } from '../signer-page/page-files';
import { signerPageHeaders } from '../signer-page/page-security';
import { valueFonts } from '../signer-page/value-fonts';

/**
 * The public signer page (the token in the path is the credential) and its static files: its own, the
 * document's fonts for values shown at their places (value-fonts.ts), and the branding colour's style sheet.
 * Files only, no domain logic: served by the adapter alone.
 */
export function signerPageRoutes(router: Express, deps: EnvelopeDeps): void {
  const fonts = valueFonts();
  const assets: Record<string, string> = { ...SIGNER_PAGE_ASSETS, ...fonts.files };
  router.get('/sign/assets/value-fonts.css', (_req, res) => {
    res.set(signerPageHeaders());
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/css').send(fonts.css);
  });

  // The branding colour's custom properties, by the colour alone (`0a7c3e.css`): no envelope is looked up.
  router.get('/sign/accent/:file', (req, res) => {
    const color = /^([0-9a-f]{6})\.css$/.exec(String(req.params.file))?.[1];
    if (!color) throw new AppError('NOT_FOUND', 'No such style sheet');
    res.set(signerPageHeaders());
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/css').send(accentStylesheet(accentColors(`#${color}`)));
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
