import { type Mailer, type MailMessage, MailRejectedError } from '@signet/mail';
import { countEmail } from '@signet/metrics';
import type { CodeChannel } from '../deliver/code-channel';
import type { MailStore } from '../store/mail-store';
import { openMail } from './mail-cipher';

/** Code emails: a row of pending_mails while waiting, deleted once it is sent or ends unsent. */
export function mailChannel(mails: MailStore, mailer: Mailer, key: Buffer): CodeChannel<MailMessage, unknown> {
  return {
    what: 'code email',
    waiting: (db, id) => mails.find(db, id),
    open: (sealed, id) => openMail(key, sealed, id),
    send: (message) => mailer.send(message),
    refusal: (error) => (error instanceof MailRejectedError ? { detail: { response: error.response } } : null),
    ended: (db, id) => mails.delete(db, id),
    sent: (trx, id) => mails.delete(trx, id),
    count: (outcome) => countEmail('validation_code', outcome === 'refused' ? 'bounced' : outcome)
  };
}
