import { randomUUID } from 'node:crypto';
import type { SmsMessage, SmsSender } from './sms-sender';

/** A message as the sink received it. */
export interface SunkSms extends SmsMessage {
  id: string;
  receivedAt: Date;
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
      kept.push({ to: message.to, body: message.body, id, receivedAt: new Date() });
      if (kept.length > keep) kept.shift();
      return { providerMessageId: `sink-${id}`, status: 'delivered' };
    },
    messages: () => [...kept].reverse(),
    clear: () => {
      kept = [];
    }
  };
}
