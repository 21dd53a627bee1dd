import path from 'node:path';
import type { Request, Response } from 'express';
import { AppError } from '@signet/http';
import { secureSignerResponse } from './page-security';

const OWN = path.join(__dirname, '..', '..', 'static', 'signer-page');

/**
 * GET /sign/assets/:file (public): the page's own script and style, pdf.js's browser build and its
 * worker, and the handwriting font, from Signet itself (no CDN: signers' browsers may not reach one,
 * and the CSP allows only 'self'). A fixed list, so no path reaches anything else.
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
  'pdf.min.mjs': require.resolve('pdfjs-dist/build/pdf.min.mjs'),
  'pdf.worker.min.mjs': require.resolve('pdfjs-dist/build/pdf.worker.min.mjs'),
  'dancing-script.woff2': require.resolve('@fontsource/dancing-script/files/dancing-script-latin-400-normal.woff2')
};

export function serveSignerAssets() {
  return (req: Request, res: Response): void => {
    const file = ASSETS[String(req.params.file)];
    if (!file) throw new AppError('NOT_FOUND', 'No such asset');
    secureSignerResponse(res);
    // Module scripts must be served as JavaScript; express would call .mjs something else on older mime tables.
    if (file.endsWith('.mjs') || file.endsWith('.js')) res.type('text/javascript');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.sendFile(file);
  };
}
