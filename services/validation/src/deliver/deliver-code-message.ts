import type { Knex } from 'knex';
import type { Logger } from '@signet/log';
import type { Clock } from '@signet/service';
import type { CodeStore } from '../store/code-store';
import { writeValidationEvent } from '../validation-events';
import type { CodeChannel } from './code-channel';

export interface CodeMessageDeps {
  db: Knex;
  codes: CodeStore;
  clock: Clock;
  log: Logger;
  /** A code_sent event was committed. */
  onSent(): void;
}

/** The error's message only: neither the mailer nor the SMS client puts the address, number or text in it. */
export function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/**
 * Sends one code email or SMS (its send job), outside any transaction. Success records the delivery and
 * recipient.validation_code_sent; a passing failure throws, for the job to try again later for as long as
 * the code lives; a permanent refusal, a message no key here can open, or a code no longer usable ends it
 * unsent. Never logs the address, number or code.
 */
export async function deliverCodeMessage<Message, Sent>(deps: CodeMessageDeps, channel: CodeChannel<Message, Sent>, id: string): Promise<void> {
  const row = await channel.waiting(deps.db, id);
  if (row === null) return;
  const log = deps.log.child({ message_id: row.id, code_id: row.code_id });
  const code = await deps.codes.find(deps.db, row.code_id);
  if (code === null || code.status !== 'PENDING' || code.expires_at <= deps.clock() || row.sealed === null) {
    await channel.ended(deps.db, row.id, 'dropped', null, deps.clock());
    channel.count('dropped');
    return;
  }
  let message: Message;
  try {
    message = channel.open(row.sealed, row.id);
  } catch {
    log.warn(`a ${channel.what} cannot be decrypted (SIGNET_INTERNAL_SECRET changed since it was written); dropped, the recipient needs a new code`);
    await channel.ended(deps.db, row.id, 'dropped', 'undecryptable', deps.clock());
    channel.count('dropped');
    return;
  }
  let sent: Sent;
  try {
    sent = await channel.send(message);
  } catch (error) {
    const refusal = channel.refusal(error);
    if (refusal) {
      log.warn(refusal.detail, `the ${channel.what} was refused for good; not retried`);
      await channel.ended(deps.db, row.id, 'refused', reasonOf(error), deps.clock());
      channel.count('refused');
      return;
    }
    channel.count('retry');
    throw error;
  }
  channel.count('sent');
  const sentAt = deps.clock();
  await deps.db.transaction(async (trx) => {
    // The code's lock first, the order requests and code expiry take them in; read again, since the
    // code may have been verified or replaced while the message was on its way.
    const current = await deps.codes.lock(trx, code.id);
    await channel.sent(trx, row.id, sent, sentAt);
    if (current === null) return;
    await deps.codes.update(trx, code.id, { sent_at: sentAt, updated_at: sentAt });
    await writeValidationEvent(trx, 'recipient.validation_code_sent', { ...current, sent_at: sentAt, updated_at: sentAt }, current.recipient, current.request_id, sentAt);
  });
  deps.onSent();
}

/** Past the send job's last attempt: the message ends unsent. */
export async function giveUpCodeMessage<Message, Sent>(deps: CodeMessageDeps, channel: CodeChannel<Message, Sent>, id: string, error: unknown): Promise<void> {
  await channel.ended(deps.db, id, 'dropped', reasonOf(error), deps.clock());
  channel.count('dropped');
}
