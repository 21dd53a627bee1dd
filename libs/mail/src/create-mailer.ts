import type { Mailer } from './mailer';
import { createMailSink, type MailSink } from './mail-sink';
import { createSmtpMailer } from './smtp-mailer';

export interface MailerConfig {
  /** Set in microservices mode; null keeps mail in the in-process sink (monolith mode). */
  smtpUrl: string | null;
}

export interface MailerSetup {
  mailer: Mailer;
  /** The sink behind `mailer` when there is no SMTP server, for the dev page; else null. */
  sink: MailSink | null;
  /** Releases pooled SMTP connections at shutdown; nothing to release for the sink. */
  close(): void;
}

export function createMailer(config: MailerConfig): MailerSetup {
  if (config.smtpUrl === null) {
    const sink = createMailSink();
    return { mailer: sink, sink, close: () => undefined };
  }
  const smtp = createSmtpMailer(config.smtpUrl);
  return { mailer: smtp, sink: null, close: () => smtp.close() };
}
