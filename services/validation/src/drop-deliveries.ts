import type { Knex } from 'knex';
import type { MailStore } from './store/mail-store';
import type { SmsStore } from './store/sms-store';

/** A code that can no longer be used is not worth sending: its waiting email or SMS goes (a started send may still land). */
export async function dropDeliveries(stores: { mails: MailStore; sms: SmsStore }, trx: Knex.Transaction, codeId: string, at: Date): Promise<void> {
  await stores.mails.deleteForCode(trx, codeId);
  await stores.sms.dropForCode(trx, codeId, at);
}
