import { openText, sealText } from '@signet/http';
import type { MailMessage } from '@signet/mail';

/**
 * The whole code email sealed (it holds the code); `boundTo` (the pending mail's id) is authenticated
 * too, so a sealed message cannot be moved to another row.
 */
export function sealMail(key: Buffer, message: MailMessage, boundTo: string): Buffer {
  return sealText(key, JSON.stringify(message), boundTo);
}

/** Throws when the key is another (the secret changed) or anything was altered. */
export function openMail(key: Buffer, sealed: Buffer, boundTo: string): MailMessage {
  return JSON.parse(openText(key, sealed, boundTo)) as MailMessage;
}
