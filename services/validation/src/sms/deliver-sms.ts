import type { Knex } from 'knex';
import type { Logger } from '@signet/log';
import { countSms, countSmsDelivery } from '@signet/metrics';
import type { Clock } from '@signet/service';
import { type SmsMessage, SmsRejectedError, type SmsSender } from '@signet/sms';
import type { SmsMessageRow } from '../model';
import type { ValidationKeys } from '../secret-keys';
import type { CodeStore } from '../store/code-store';
import type { SmsStore } from '../store/sms-store';
import { writeValidationEvent } from '../validation-events';
import { isFinalStatus } from './delivery-status';
import { openSms } from './sms-cipher';

export interface SmsDeliveryDeps {
  db: Knex;
  codes: CodeStore;
  sms: SmsStore;
  sender: SmsSender;
  keys: ValidationKeys;
  clock: Clock;
  log: Logger;
  /** A code_sent event was committed. */
  onSent(): void;
}

const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 5 * 60_000;

/** The error's message only: the provider client never puts the number or the text in it. */
function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/**
 * Sends one claimed code SMS, outside any transaction, and records how it went on its row. Success
 * keeps the provider's message id and status and records recipient.validation_code_sent; a passing
 * failure (network, 5xx, throttling, credentials) tries again later (5 s, doubling to 5 min) for as long
 * as the code lives, so a provider outage loses no code that can still be used; a permanent refusal, or
 * a message no key here can open, ends it with a warning. Never logs the number or the code.
 */
export async function deliverSms(deps: SmsDeliveryDeps, row: SmsMessageRow): Promise<void> {
  const log = deps.log.child({ sms_id: row.id, code_id: row.code_id, country: row.country });
  const code = await deps.codes.find(deps.db, row.code_id);
  if (code === null || code.status !== 'PENDING' || code.expires_at <= deps.clock() || row.sealed === null) {
    await deps.sms.finish(deps.db, row.id, 'DROPPED', deps.clock());
    countSms('dropped');
    return;
  }
  let message: SmsMessage;
  try {
    message = openSms(deps.keys.sms, row.sealed, row.id);
  } catch {
    log.warn('a code SMS cannot be decrypted (SIGNET_INTERNAL_SECRET changed since it was written); dropped, the recipient needs a new code');
    await deps.sms.finish(deps.db, row.id, 'DROPPED', deps.clock(), { error: 'undecryptable' });
    countSms('dropped');
    return;
  }
  let sent;
  try {
    sent = await deps.sender.send(message);
  } catch (error) {
    if (error instanceof SmsRejectedError) {
      log.warn({ provider_code: error.providerCode }, 'the SMS provider refused a code SMS for good; not retried');
      await deps.sms.finish(deps.db, row.id, 'REFUSED', deps.clock(), { error: reasonOf(error) });
      countSms('refused');
      return;
    }
    const delay = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** (row.attempts - 1));
    log.warn({ reason: reasonOf(error), attempts: row.attempts }, 'sending a code SMS failed; will retry');
    await deps.sms.retryAt(deps.db, row.id, new Date(deps.clock().getTime() + delay), reasonOf(error));
    countSms('retry');
    return;
  }
  countSms('sent');
  // The built-in sink answers delivered at once; a provider answers queued and reports the rest later.
  if (isFinalStatus(sent.status)) countSmsDelivery(sent.status);
  const sentAt = deps.clock();
  await deps.db.transaction(async (trx) => {
    // The code's lock first, the order requests and the sweeper take them in; read again, since the
    // code may have been verified or replaced while the SMS was on its way.
    const current = await deps.codes.lock(trx, code.id);
    await deps.sms.finish(trx, row.id, 'SENT', sentAt, { providerMessageId: sent.providerMessageId, providerStatus: sent.status });
    if (current === null) return;
    await deps.codes.update(trx, code.id, { sent_at: sentAt, updated_at: sentAt });
    await writeValidationEvent(trx, 'recipient.validation_code_sent', { ...current, sent_at: sentAt, updated_at: sentAt }, current.recipient, current.request_id, sentAt);
  });
  deps.onSent();
}
