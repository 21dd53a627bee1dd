import { AppError } from '@signet/http';
import { mailIdOfBounceToken } from './bounce-token';
import type { EmailDeps } from './email-deps';
import { writeEmailEvent } from './email-events';

/**
 * A provider's bounce notification, relayed with the X-Signet-Bounce header of the bounced email. The
 * token is an HMAC over the mail id, so it authenticates itself: only a holder of that email can report
 * it. The first report of a mail is recipient.email_bounced; repeats change nothing. A forged token is
 * NOT_FOUND.
 */
export async function reportBounce(deps: EmailDeps, input: { bounceToken: unknown }): Promise<void> {
  const token = input.bounceToken;
  const mailId = typeof token === 'string' && token.length <= 200 ? mailIdOfBounceToken(deps.keys.bounce, token) : null;
  if (mailId === null) throw new AppError('NOT_FOUND', 'Bounce token not found');
  await deps.db.transaction(async (trx) => {
    const mail = await deps.emails.find(trx, mailId, { forUpdate: true });
    if (!mail || mail.bounced_at !== null) return;
    const now = deps.clock();
    await deps.emails.update(trx, mail.id, { status: 'BOUNCED', bounced_at: now, sealed: null });
    await writeEmailEvent(trx, 'recipient.email_bounced', mail, now);
  });
  deps.relay.wake();
}
