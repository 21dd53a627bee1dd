/** One email as the services compose it: a single recipient, both a text and an HTML body. */
export interface MailMessage {
  to: string;
  /** The sender address alone; the display name goes in `fromName` so it is encoded for the header. */
  from: string;
  fromName?: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
  accepted: boolean;
}

/**
 * Sends one message. Rejects with `MailRejectedError` when the server refuses the recipient for good
 * (a bounce: do not retry); any other rejection is transient and worth retrying.
 */
export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
}
