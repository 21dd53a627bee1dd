import type { Knex } from 'knex';
import type { Clock } from '@signet/service';
import type { CodeStore } from './store/code-store';
import type { MailStore } from './store/mail-store';
import { writeValidationEvent } from './validation-events';

export interface ExpiryDeps {
  db: Knex;
  codes: CodeStore;
  mails: MailStore;
  clock: Clock;
}

/**
 * Codes found past their 30 minutes become EXPIRED with recipient.validation_code_expired (and any
 * email still waiting is dropped), so integrators hear of an expiry even when nobody tries the code.
 * Returns how many it expired.
 */
export async function expireOverdueCodes(deps: ExpiryDeps, limit: number): Promise<number> {
  const now = deps.clock();
  return deps.db.transaction(async (trx) => {
    const expired = await deps.codes.expireOverdue(trx, now, limit);
    for (const code of expired) {
      await deps.mails.deleteForCode(trx, code.id);
      await writeValidationEvent(trx, 'recipient.validation_code_expired', code, code.recipient, null, now);
    }
    return expired.length;
  });
}
