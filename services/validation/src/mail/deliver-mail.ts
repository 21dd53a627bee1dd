import type { Knex } from 'knex';
import type { Logger } from '@signet/log';
import { type Mailer, type MailMessage, MailRejectedError } from '@signet/mail';
import { countEmail } from '@signet/metrics';
import type { Clock } from '@signet/service';
import type { PendingMailRow } from '../model';
import type { ValidationKeys } from '../secret-keys';
import type { CodeStore } from '../store/code-store';
import type { MailStore } from '../store/mail-store';
import { writeValidationEvent } from '../validation-events';
import { openMail } from './mail-cipher';

export interface MailDeliveryDeps {
  db: Knex;
  codes: CodeStore;
  mails: MailStore;
  mailer: Mailer;
  keys: ValidationKeys;
  clock: Clock;
  log: Logger;
  /** A code_sent event was committed. */
  onSent(): void;
}

const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 5 * 60_000;

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/**
 * Sends one claimed code email, outside any transaction. Success deletes the mail and records
 * recipient.validation_code_sent; a passing failure tries again later (5 s, doubling to 5 min) for as
 * long as the code lives; a permanent refusal, or a mail no key here can open, is dropped with a warning.
 */
export async function deliverMail(deps: MailDeliveryDeps, mail: PendingMailRow): Promise<void> {
  const log = deps.log.child({ mail_id: mail.id, code_id: mail.code_id });
  const code = await deps.codes.find(deps.db, mail.code_id);
  if (code === null || code.status !== 'PENDING' || code.expires_at <= deps.clock()) {
    await deps.mails.delete(deps.db, mail.id);
    countEmail('validation_code', 'dropped');
    return;
  }
  let message: MailMessage;
  try {
    message = openMail(deps.keys.mail, mail.sealed, mail.id);
  } catch {
    log.warn('a code email cannot be decrypted (SIGNET_INTERNAL_SECRET changed since it was written); dropped, the recipient needs a new code');
    await deps.mails.delete(deps.db, mail.id);
    countEmail('validation_code', 'dropped');
    return;
  }
  try {
    await deps.mailer.send(message);
  } catch (error) {
    if (error instanceof MailRejectedError) {
      log.warn({ response: error.response }, 'the mail server refused the recipient of a code email for good; dropped');
      countEmail('validation_code', 'bounced');
      await deps.mails.delete(deps.db, mail.id);
      return;
    }
    const delay = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** (mail.attempts - 1));
    log.warn({ err: error, attempts: mail.attempts }, 'sending a code email failed; will retry');
    await deps.mails.retryAt(deps.db, mail.id, new Date(deps.clock().getTime() + delay), reasonOf(error));
    countEmail('validation_code', 'retry');
    return;
  }
  countEmail('validation_code', 'sent');
  const sentAt = deps.clock();
  await deps.db.transaction(async (trx) => {
    // The code's lock before the mail's, the order every request and the sweeper take them in. Read
    // again: the code may have been verified or replaced while the mail was on its way.
    const current = await deps.codes.lock(trx, code.id);
    await deps.mails.delete(trx, mail.id);
    if (current === null) return;
    await deps.codes.update(trx, code.id, { sent_at: sentAt, updated_at: sentAt });
    await writeValidationEvent(trx, 'recipient.validation_code_sent', { ...current, sent_at: sentAt, updated_at: sentAt }, current.recipient, current.request_id, sentAt);
  });
  deps.onSent();
}
