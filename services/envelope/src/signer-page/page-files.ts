import path from 'node:path';

const OWN = path.join(__dirname, '..', '..', 'static', 'signer-page');

/**
 * The page's own script and style, pdf.js's browser build and its worker, and the handwriting font, from
 * Signet itself (no CDN: signers' browsers may not reach one, and the CSP allows only 'self'). A fixed
 * list, so no path reaches anything else.
 */
export const SIGNER_PAGE_ASSETS: Readonly<Record<string, string>> = {
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
  'consumer-consent.js': path.join(OWN, 'consumer-consent.js'),
  'pdf.min.mjs': require.resolve('pdfjs-dist/build/pdf.min.mjs'),
  'pdf.worker.min.mjs': require.resolve('pdfjs-dist/build/pdf.worker.min.mjs'),
  'dancing-script.woff2': require.resolve('@fontsource/dancing-script/files/dancing-script-latin-400-normal.woff2')
};
