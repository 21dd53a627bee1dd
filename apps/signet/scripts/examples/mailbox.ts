import { waitFor } from '@signet/testkit';
import type { Json } from './recorder';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** The development mailbox of monolith mode (/dev/mail/messages.json): the first mail `match` accepts, once sent. */
export async function waitForMail(baseUrl: string, match: (mail: Mail) => boolean): Promise<Mail> {
  return waitFor(async () => {
    const { messages } = (await (await fetch(`${baseUrl}/dev/mail/messages.json`)).json()) as Json;
    return (messages as Mail[]).find(match);
  }, 60_000, 'an email');
}

export const codeIn = (mail: Mail): string => (/\b(\d{6})\b/.exec(mail.text) as RegExpExecArray)[1] as string;

/** A header of a sent mail, whatever the case of its name. */
export const headerOf = (mail: Mail, name: string): string =>
  Object.entries(mail.headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1] as string;
