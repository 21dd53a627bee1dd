import type { Express, Response } from 'express';
import { requestContext } from '@signet/http';
import type { EnvelopeDeps } from '../envelope-deps';
import { previewInvitationEmail } from '../previews/preview-invitation-email';
import type { Preview } from '../previews/preview-sample';
import { previewSignerPage } from '../previews/preview-signer-page';

function sendPreview(res: Response, preview: Preview): void {
  res.type('html').set({
    'Content-Security-Policy': preview.contentSecurityPolicy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store'
  }).send(preview.html);
}

/** Previews of what signers see, with the calling key's settings: adapters of the use cases. */
export function previewRoutes(router: Express, deps: EnvelopeDeps): void {
  router.get('/api/v1/settings/preview/signer_page', async (req, res) => {
    sendPreview(res, await previewSignerPage(deps, { context: requestContext(res), query: req.query }));
  });
  router.get('/api/v1/settings/preview/invitation_email', async (req, res) => {
    sendPreview(res, await previewInvitationEmail(deps, { context: requestContext(res), query: req.query }));
  });
}
