import { randomUUID } from 'node:crypto';
import type { Mailer, MailMessage } from './mailer';

/** A message as the sink received it. */
export interface SunkMail extends MailMessage {
  id: string;
  messageId: string;
  receivedAt: Date;
}

/** Monolith mode's mailer: nothing leaves the process; a developer reads the mail on the dev page. */
export interface MailSink extends Mailer {
  /** Newest first. */
  messages(): SunkMail[];
  get(id: string): SunkMail | undefined;
  clear(): void;
}

export interface MailSinkOptions {
  /** How many messages to keep; older ones are dropped so a long-running process stays bounded. */
  keep?: number;
}

const defaultKeep = 200;

export function createMailSink(options: MailSinkOptions = {}): MailSink {
  const keep = options.keep ?? defaultKeep;
  if (!Number.isInteger(keep) || keep < 1) throw new RangeError(`keep must be a positive integer, got ${keep}`);
  let kept: SunkMail[] = [];

  return {
    send: async (message) => {
      const id = randomUUID();
      const messageId = `<${id}@mail-sink.signet>`;
      // The headers are copied so a caller reusing its object cannot rewrite what was "sent".
      kept.push({ ...message, headers: { ...message.headers }, id, messageId, receivedAt: new Date() });
      if (kept.length > keep) kept.shift();
      return { messageId, accepted: true };
    },
    messages: () => [...kept].reverse(),
    get: (id) => kept.find((mail) => mail.id === id),
    clear: () => {
      kept = [];
    }
  };
}
