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
 * Codes found past their 30 minutes become EXPIRED with recipient.validation_code_expired (and any
 * email or SMS still waiting is dropped), so integrators hear of an expiry even when nobody tries the code.
 * Returns how many it expired.
 */
export async function expireOverdueCodes(deps: ExpiryDeps, limit: number): Promise<number> {
  const now = deps.clock();
  return deps.db.transaction(async (trx) => {
    const expired = await deps.codes.expireOverdue(trx, now, limit);
    for (const code of expired) {
      await dropDeliveries(deps, trx, code.id, now);
      await writeValidationEvent(trx, 'recipient.validation_code_expired', code, code.recipient, null, now);
    }
    return expired.length;
  });
}
