import { openText, sealText } from '@signet/http';
import type { SmsMessage } from '@signet/sms';

/** The whole SMS sealed (it holds the code and the phone number), bound to its row like the code emails. */
export function sealSms(key: Buffer, message: SmsMessage, boundTo: string): Buffer {
  return sealText(key, JSON.stringify({ to: message.to, body: message.body }), boundTo);
}

/** Throws when the key is another (the secret changed) or anything was altered. */
export function openSms(key: Buffer, sealed: Buffer, boundTo: string): SmsMessage {
  return JSON.parse(openText(key, sealed, boundTo)) as SmsMessage;
}
