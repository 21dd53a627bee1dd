import type { HeaderLines, ParsedMail } from 'mailparser';

export interface ReceivedMail {
  /** SMTP envelope sender (MAIL FROM). */
  from: string;
  /** SMTP envelope recipients (RCPT TO): every address the mail was delivered to, Bcc included. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Raw header values by lower-case name; a repeated header's values are joined with ', '. */
  headers: Record<string, string>;
  receivedAt: Date;
}

export interface SmtpEnvelope {
  from: string;
  to: string[];
}

function headerRecord(headerLines: HeaderLines): Record<string, string> {
  const headers = new Map<string, string>();
  for (const { key, line } of headerLines) {
    const value = line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
    const earlier = headers.get(key);
    headers.set(key, earlier === undefined ? value : `${earlier}, ${value}`);
  }
  return Object.fromEntries(headers);
}

export function toReceivedMail(parsed: ParsedMail, envelope: SmtpEnvelope): ReceivedMail {
  return {
    from: envelope.from,
    to: envelope.to,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: parsed.html === false ? '' : parsed.html,
    headers: headerRecord(parsed.headerLines),
    receivedAt: new Date(),
  };
}
