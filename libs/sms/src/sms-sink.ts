import { randomUUID } from 'node:crypto';
import type { SmsMessage, SmsSender } from './sms-sender';

/** A message as the sink received it. */
export interface SunkSms extends SmsMessage {
  id: string;
  receivedAt: Date;
  /** Its delivery status, as a provider would report it: the sink is the phone, so `delivered` at once. */
  status: 'delivered';
}

/** Monolith mode's SMS provider: nothing leaves the process; a developer (or a test) reads the messages at /dev/sms. */
export interface SmsSink extends SmsSender {
  /** Newest first. */
  messages(): SunkSms[];
  clear(): void;
}

export function createSmsSink(options: { keep?: number } = {}): SmsSink {
  const keep = options.keep ?? 200;
  if (!Number.isInteger(keep) || keep < 1) throw new RangeError(`keep must be a positive integer, got ${keep}`);
  let kept: SunkSms[] = [];
  return {
    async send(message) {
      const id = randomUUID();
      const sms: SunkSms = { to: message.to, body: message.body, id, receivedAt: new Date(), status: 'delivered' };
      kept.push(sms);
      if (kept.length > keep) kept.shift();
      // The status the validation part stores, final at once: no report will follow.
      return { providerMessageId: `sink-${id}`, status: sms.status };
    },
    messages: () => [...kept].reverse(),
    clear: () => {
      kept = [];
    }
  };
}
