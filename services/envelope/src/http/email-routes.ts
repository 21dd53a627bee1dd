import type { Express } from 'express';
import type { EmailDeps } from '../emails/email-deps';
import { reportBounce } from '../emails/report-bounce';
import { trackEmailClick, trackEmailOpen } from '../emails/track-email';

/** A transparent 1x1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The public email routes (no API key; the token is the credential): adapters of the email use cases. */
export function emailRoutes(router: Express, deps: EmailDeps): void {
  // Always the same image, whatever the token, so it tells nobody anything.
  router.get('/email/v1/pixels/:token', async (req, res) => {
    await trackEmailOpen(deps, { token: String(req.params.token) });
    res.set({ 'Content-Type': 'image/gif', 'Cache-Control': 'no-store, private' }).send(PIXEL);
  });

  // An unknown token is 404 like any unknown page.
  router.get('/email/v1/links/:token', async (req, res) => {
    const followed = await trackEmailClick(deps, { token: String(req.params.token) });
    if (followed === null) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res.set('Cache-Control', 'no-store, private').redirect(302, followed.signingUrl);
  });

  // JSON `{bounce_token}`: repeats answer the same.
  router.post('/email/v1/bounces', async (req, res) => {
    await reportBounce(deps, { bounceToken: (req.body as { bounce_token?: unknown } | undefined)?.bounce_token });
    res.json({ success: true });
  });
}
