import type { Knex } from 'knex';
import type { Clock } from '@signet/service';
import { dropDeliveries } from './drop-deliveries';
import type { CodeStore } from './store/code-store';
import type { MailStore } from './store/mail-store';
import type { SmsStore } from './store/sms-store';
import { writeValidationEvent } from './validation-events';

export interface ExpiryDeps {
  db: Knex;
  codes: CodeStore;
  mails: MailStore;
  sms: SmsStore;
  clock: Clock;
}

/**
 * A code still PENDING at its expiry becomes EXPIRED with recipient.validation_code_expired (and any
 * email or SMS still waiting is dropped), so integrators hear of an expiry even when nobody tries the
 * code. Under the code's lock: a request judging the code at that moment decides first, and the expiry
 * is announced once. Returns whether it expired the code.
 */
export async function expireCode(deps: ExpiryDeps, codeId: string): Promise<boolean> {
  const now = deps.clock();
  return deps.db.transaction(async (trx) => {
    const code = await deps.codes.lock(trx, codeId);
    if (code === null || code.status !== 'PENDING') return false;
    if (code.expires_at > now) throw new Error('the code expiry job ran before the code expired; it runs again');
    const expired = { ...code, status: 'EXPIRED' as const, updated_at: now };
    await deps.codes.update(trx, code.id, { status: expired.status, updated_at: now });
    await dropDeliveries(deps, trx, code.id, now);
    await writeValidationEvent(trx, 'recipient.validation_code_expired', expired, code.recipient, null, now);
    return true;
  });
}
