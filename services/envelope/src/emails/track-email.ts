import type { Request, Response } from 'express';
import { hashSecretToken, openText } from '@signet/http';
import type { EmailDeps } from './email-deps';
import { writeEmailEvent } from './email-events';

/** A transparent 1x1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Records the first open or click of an invitation; later ones, and unknown tokens, change nothing. */
async function recordFirst(deps: EmailDeps, token: string, what: 'opened' | 'clicked'): Promise<string | null> {
  const tokenHash = hashSecretToken(token);
  const recipientId = await deps.db.transaction(async (trx) => {
    const tracked = await deps.emails.tracked(trx, tokenHash);
    if (!tracked) return null;
    const now = deps.clock();
    if (what === 'opened' && tracked.opened_at === null) {
      await deps.emails.markTracking(trx, tokenHash, { opened_at: now });
      await writeEmailEvent(trx, 'recipient.email_opened', tracked.mail, now);
    }
    if (what === 'clicked' && tracked.clicked_at === null) {
      await deps.emails.markTracking(trx, tokenHash, { clicked_at: now });
      await writeEmailEvent(trx, 'recipient.email_clicked', tracked.mail, now);
    }
    return tracked.mail.recipient_id;
  });
  deps.relay.wake();
  return recipientId;
}

/**
 * GET /email/v1/pixels/:token (public): the invitation's tracking pixel. Always the same image, whatever
 * the token, so it tells nobody anything; the first load of a real one is recipient.email_opened.
 */
export function trackEmailOpen(deps: EmailDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    await recordFirst(deps, String(req.params.token), 'opened');
    res.set({ 'Content-Type': 'image/gif', 'Cache-Control': 'no-store, private' }).send(PIXEL);
  };
}

/**
 * GET /email/v1/links/:token (public): the invitation's tracked link. The first click is
 * recipient.email_clicked; every click redirects to the recipient's signing page, which itself says
 * whether the link still works. An unknown token is 404 like any unknown page.
 */
export function trackEmailClick(deps: EmailDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const recipientId = await recordFirst(deps, String(req.params.token), 'clicked');
    const sealed = recipientId === null ? null : await deps.emails.signingLink(deps.db, recipientId);
    if (recipientId === null || sealed === null) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res.set('Cache-Control', 'no-store, private').redirect(302, openText(deps.keys.seal, sealed, recipientId));
  };
}
