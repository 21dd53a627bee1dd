import { countSms, countSmsDelivery } from '@signet/metrics';
import { type SmsMessage, SmsRejectedError, type SmsSender, type SentSms } from '@signet/sms';
import type { CodeChannel } from '../deliver/code-channel';
import type { SmsStore } from '../store/sms-store';
import { isFinalStatus } from './delivery-status';
import { openSms } from './sms-cipher';

/** Code SMS: a row of sms_messages that stays, as the record of its delivery, with its content erased once it ends. */
export function smsChannel(sms: SmsStore, sender: SmsSender, key: Buffer): CodeChannel<SmsMessage, SentSms> {
  return {
    what: 'code SMS',
    waiting: async (db, id) => {
      const row = await sms.find(db, id);
      return row?.status === 'PENDING' ? row : null;
    },
    open: (sealed, id) => openSms(key, sealed, id),
    send: async (message) => {
      const sent = await sender.send(message);
      // The built-in sink answers delivered at once; a provider answers queued and reports the rest later.
      if (isFinalStatus(sent.status)) countSmsDelivery(sent.status);
      return sent;
    },
    refusal: (error) => (error instanceof SmsRejectedError ? { detail: { provider_code: error.providerCode } } : null),
    ended: (db, id, outcome, error, at) => sms.finish(db, id, outcome === 'refused' ? 'REFUSED' : 'DROPPED', at, error === null ? {} : { error }),
    sent: (trx, id, sent, at) => sms.finish(trx, id, 'SENT', at, { providerMessageId: sent.providerMessageId, providerStatus: sent.status }),
    count: (outcome) => countSms(outcome)
  };
}
