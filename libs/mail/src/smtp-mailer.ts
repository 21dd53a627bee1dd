import { types } from 'node:util';
import nodemailer, { type NodemailerError } from 'nodemailer';
import { MailRejectedError } from './mail-rejected-error';
import type { Mailer, MailMessage, SentMail } from './mailer';

export interface SmtpMailer extends Mailer {
  /** Closes the pooled connections; a delivery in progress finishes first. */
  close(): void;
}

/**
 * Failures must surface fast enough for the caller's retry to matter: nodemailer's defaults wait up
 * to two minutes to connect and ten minutes on a silent socket.
 */
const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 };

/** Not `instanceof Error`: errors from another realm (a vm context, a jest sandbox) would fail it. */
function isNodemailerError(error: unknown): error is NodemailerError {
  return types.isNativeError(error);
}

/** 503 (bad command sequence) is not final even though it is a 5xx; nodemailer's `permanent` knows. */
function toMailError(error: unknown, recipient: string): unknown {
  if (!isNodemailerError(error)) return error;
  const { command, response, responseCode, permanent } = error;
  if (command !== 'RCPT TO' || permanent !== true || response === undefined || responseCode === undefined) return error;
  return new MailRejectedError(recipient, response, responseCode, { cause: error });
}

/**
 * Sends over SMTP with pooled connections. `url` is `smtp://` or `smtps://` (implicit TLS), with
 * optional percent-encoded credentials (`smtp://user:pass@host:587`); nodemailer query options such as
 * `?maxConnections=2` override the defaults here.
 */
export function createSmtpMailer(url: string): SmtpMailer {
  const transport = nodemailer.createTransport({ pool: true, url, ...timeouts });

  async function send(message: MailMessage): Promise<SentMail> {
    try {
      const info = await transport.sendMail({
        from: message.fromName === undefined ? message.from : { name: message.fromName, address: message.from },
        to: message.to,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers
      });
      return { messageId: info.messageId, accepted: info.accepted.length > 0 };
    } catch (error) {
      throw toMailError(error, message.to);
    }
  }

  return { send, close: () => transport.close() };
}
