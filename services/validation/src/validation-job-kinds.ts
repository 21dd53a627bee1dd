import { defineJobKind, defineRecurringJob, doublingBackoff, type AnyJobKind } from '@signet/jobs';
import type { MailMessage } from '@signet/mail';
import type { SentSms, SmsMessage } from '@signet/sms';
import type { CodeChannel } from './deliver/code-channel';
import { type CodeMessageDeps, deliverCodeMessage, giveUpCodeMessage } from './deliver/deliver-code-message';
import { expireCode, type ExpiryDeps } from './expire-code';
import { EXPIRE_CODE, SEND_CODE_MAIL, SEND_CODE_SMS } from './validation-jobs';

const MINUTE_MS = 60_000;
/** Finished codes are kept a day, for whoever looks into a recipient's complaint, then deleted. */
const KEEP_FINISHED_MS = 24 * 60 * MINUTE_MS;
export const PRUNE_CODES_EVERY_MS = 10 * MINUTE_MS;

// 5 s, doubling to 5 min: 12 attempts outlast a code's 30 minutes, and a send whose code has expired ends unsent.
const SEND_ATTEMPTS = 12;
const sendBackoff = doublingBackoff(5000, 5 * MINUTE_MS);
// Longer than the SMTP mailer's and the SMS client's own timeouts allow a send to take.
const SEND_LEASE_MS = 2 * MINUTE_MS;

function sendKind<Message, Sent>(spec: typeof SEND_CODE_MAIL, deps: CodeMessageDeps, channel: CodeChannel<Message, Sent>): AnyJobKind {
  return defineJobKind({
    ...spec,
    maxAttempts: SEND_ATTEMPTS,
    backoffMs: sendBackoff,
    leaseMs: SEND_LEASE_MS,
    run: ({ messageId }) => deliverCodeMessage(deps, channel, messageId),
    onDeadLetter: ({ messageId }, error) => giveUpCodeMessage(deps, channel, messageId, error)
  });
}

export interface ValidationJobHandlers {
  messages: CodeMessageDeps;
  mail: CodeChannel<MailMessage, unknown>;
  sms: CodeChannel<SmsMessage, SentSms>;
  expiry: ExpiryDeps & { onExpired(): void };
}

/** The validation part's job kinds: thin adapters over its use cases. */
export function validationJobKinds(handlers: ValidationJobHandlers): AnyJobKind[] {
  return [
    sendKind(SEND_CODE_MAIL, handlers.messages, handlers.mail),
    sendKind(SEND_CODE_SMS, handlers.messages, handlers.sms),
    defineJobKind({
      ...EXPIRE_CODE,
      maxAttempts: 10,
      backoffMs: doublingBackoff(1000, MINUTE_MS),
      leaseMs: MINUTE_MS,
      async run({ codeId }) {
        if (await expireCode(handlers.expiry, codeId)) handlers.expiry.onExpired();
      }
    })
  ];
}

export function pruneCodesJob(expiry: ExpiryDeps): AnyJobKind {
  return defineRecurringJob('validation.prune-codes', 10 * MINUTE_MS, () => expiry.codes.pruneBefore(expiry.db, new Date(expiry.clock().getTime() - KEEP_FINISHED_MS)));
}
