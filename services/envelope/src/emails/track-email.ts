import { hashSecretToken, openText } from '@signet/http';
import type { EmailDeps } from './email-deps';
import { writeEmailEvent } from './email-events';

export interface TrackedToken {
  /** The token of the invitation's pixel or link. */
  token: string;
}

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

/** The invitation's tracking pixel was loaded: the first load of a real token is recipient.email_opened. */
export async function trackEmailOpen(deps: EmailDeps, input: TrackedToken): Promise<void> {
  await recordFirst(deps, input.token, 'opened');
}

/**
 * The invitation's tracked link was followed: the first click is recipient.email_clicked. Every click
 * leads to the recipient's current signing link, which itself says whether it still works; null for an
 * unknown token (or a recipient without a link).
 */
export async function trackEmailClick(deps: EmailDeps, input: TrackedToken): Promise<{ signingUrl: string } | null> {
  const recipientId = await recordFirst(deps, input.token, 'clicked');
  if (recipientId === null) return null;
  const sealed = await deps.emails.signingLink(deps.db, recipientId);
  return sealed === null ? null : { signingUrl: openText(deps.keys.seal, sealed, recipientId) };
}
