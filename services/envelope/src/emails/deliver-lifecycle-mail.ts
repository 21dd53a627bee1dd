import { type MailMessage, MailRejectedError } from '@signet/mail';
import { countEmail, type EmailKind } from '@signet/metrics';
import type { EmailDeps } from './email-deps';
import { openText } from '@signet/http';
import type { LifecycleMailRow } from './email-store';
import { writeEmailEvent } from './email-events';

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/** Emails that ask the recipient to sign now; pointless once they can no longer sign. */
const ASKS_TO_SIGN: ReadonlySet<LifecycleMailRow['kind']> = new Set(['INVITATION', 'REMINDER', 'EXPIRY_WARNING']);

/** An invitation or reminder is pointless once the recipient can no longer sign (voided, rejected, expired, signed meanwhile). */
async function stillWanted(deps: EmailDeps, mail: LifecycleMailRow): Promise<boolean> {
  if (!ASKS_TO_SIGN.has(mail.kind)) return true;
  const row = await deps.db('recipients').join('envelopes', 'envelopes.id', 'recipients.envelope_id')
    .where({ 'recipients.id': mail.recipient_id }).first({ recipient_status: 'recipients.status', envelope_status: 'envelopes.status' });
  return row?.recipient_status === 'IN_PROGRESS' && row?.envelope_status === 'IN_PROGRESS';
}

/**
 * Sends one queued lifecycle email (its send job), outside any transaction. recipient.email_sent is
 * recorded as it is handed to the transport (once, on the first attempt), recipient.email_received when
 * the server accepts it, recipient.email_bounced when the server refuses the address for good. Any other
 * failure throws, for the job to try again later. The content, which may hold a signing link, is erased
 * once it is out.
 */
export async function deliverLifecycleMail(deps: EmailDeps, mailId: string): Promise<void> {
  const mail = await deps.emails.find(deps.db, mailId);
  if (mail === null || mail.status !== 'PENDING') return;
  const log = deps.log.child({ mail_id: mail.id, envelope_id: mail.envelope_id, kind: mail.kind });
  const kind = mail.kind.toLowerCase() as EmailKind;
  const finish = (changes: Partial<LifecycleMailRow>) => deps.emails.update(deps.db, mail.id, { sealed: null, ...changes });
  if (!(await stillWanted(deps, mail))) {
    await finish({ status: 'DROPPED' });
    countEmail(kind, 'dropped');
    return;
  }
  let message: MailMessage;
  try {
    message = JSON.parse(openText(deps.keys.seal, mail.sealed as Buffer, mail.id)) as MailMessage;
  } catch {
    log.warn('a lifecycle email cannot be decrypted (SIGNET_INTERNAL_SECRET changed since it was queued); dropped');
    await finish({ status: 'DROPPED' });
    countEmail(kind, 'dropped');
    return;
  }
  if (mail.handed_at === null) {
    const handedAt = deps.clock();
    await deps.db.transaction(async (trx) => {
      await deps.emails.update(trx, mail.id, { handed_at: handedAt });
      await writeEmailEvent(trx, 'recipient.email_sent', mail, handedAt);
    });
    deps.relay.wake();
  }
  try {
    await deps.mailer.send(message);
  } catch (error) {
    if (error instanceof MailRejectedError) {
      log.warn({ response: error.response }, 'the mail server refused the recipient of a lifecycle email');
      countEmail(kind, 'bounced');
      const bouncedAt = deps.clock();
      await deps.db.transaction(async (trx) => {
        // Conditional: a bounce report of an earlier attempt may have recorded the bounce (and its event) already.
        if (!(await deps.emails.markBounced(trx, mail.id, { bounced_at: bouncedAt, sealed: null, last_error: reasonOf(error) }))) return;
        await writeEmailEvent(trx, 'recipient.email_bounced', mail, bouncedAt);
      });
      deps.relay.wake();
      return;
    }
    await deps.emails.update(deps.db, mail.id, { last_error: reasonOf(error) });
    countEmail(kind, 'retry');
    throw error;
  }
  countEmail(kind, 'sent');
  const sentAt = deps.clock();
  await deps.db.transaction(async (trx) => {
    await deps.emails.markSent(trx, mail.id, sentAt);
    await writeEmailEvent(trx, 'recipient.email_received', mail, sentAt);
  });
  deps.relay.wake();
}

/** Past the send job's last attempt: the mail ends unsent, its content erased. */
export async function giveUpLifecycleMail(deps: EmailDeps, mailId: string, error: unknown): Promise<void> {
  const mail = await deps.emails.find(deps.db, mailId);
  if (mail === null || mail.status !== 'PENDING') return;
  await deps.db('lifecycle_mails').where({ id: mailId, status: 'PENDING' }).update({ status: 'DROPPED', sealed: null, last_error: reasonOf(error) });
  countEmail(mail.kind.toLowerCase() as EmailKind, 'dropped');
}
