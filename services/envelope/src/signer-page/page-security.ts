import type { Response } from 'express';

/**
 * Scripts, styles, fonts and the PDFs come only from Signet itself (pdf.js's worker is a module worker;
 * its canvases export blob: and data: images); the logo may be an https URL or a data URL. No framing,
 * no forms posted anywhere, no referrer (the URL holds the signing token).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "font-src 'self'", "connect-src 'self'",
  "worker-src 'self'", "img-src 'self' data: blob: https:", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"
].join('; ');

export function secureSignerResponse(res: Response): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'no-store');
}
