/**
 * Scripts, styles, fonts and the PDFs come only from Signet itself (pdf.js's worker is a module worker;
 * its canvases export blob: and data: images); the logo may be an https URL or a data URL. No forms
 * posted anywhere, no referrer (the URL holds the signing token). Framing only by the origins the
 * envelope's `signature_flow.embed_origins` names (embedded signing), else none.
 */
function contentSecurityPolicy(frameAncestors: string[]): string {
  return [
    "default-src 'none'", "script-src 'self'", "style-src 'self'", "font-src 'self'", "connect-src 'self'",
    "worker-src 'self'", "img-src 'self' data: blob: https:", "base-uri 'none'", "form-action 'none'",
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'"}`
  ].join('; ');
}

/** `embed_origins` as stored (validated: origins only, comma-separated), as a list. */
export function embedOrigins(setting: string | null | undefined): string[] {
  return (setting ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);
}

/**
 * The headers of the signer page and its assets. The identity steps take photos with getUserMedia: the
 * camera is allowed to the page's own origin (Permissions-Policy), and nothing else is needed (a video
 * shows the stream through srcObject, which no CSP directive governs; the preview is a blob: image).
 * Framed, the page gets the camera only when the parent's iframe also grants it (`allow="camera"`).
 */
export function signerPageHeaders(frameAncestors: string[] = []): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(frameAncestors),
    'Permissions-Policy': 'camera=(self)',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store'
  };
}
