import type { SmsMessage } from '@signet/sms';
import { renderTemplate } from '@signet/mail';
import type { ValidationSettings } from '../recipient-facts';
import { readableTime } from '../mail/readable-time';

export interface CodeSms {
  phone: string;
  recipient: { name: string; email: string };
  envelopeName: string;
  code: string;
  expiresAt: Date;
  settings: ValidationSettings;
}

const CODE_PLACEHOLDER = /\{\{\s*validations\.code\s*\}\}/;

/** For envelopes whose stored settings predate the SMS texts (phone validation cannot be on there, but a text must never be missing). */
const FALLBACK = { en: 'Your verification code is {{validations.code}}', es: 'Tu código de verificación es {{validations.code}}' };

/**
 * The validation SMS in the envelope's language (signature_flow.language), from
 * settings.localization.<lang>.sms.phone_validation.body with the email's variables. A customised text
 * that leaves out {{validations.code}} still gets the code, after it: an SMS without its code is useless.
 */
export function composeCodeSms(sms: CodeSms): SmsMessage {
  const language = sms.settings.signature_flow.language === 'ES' ? 'es' : 'en';
  const template = sms.settings.localization[language].sms?.phone_validation.body ?? FALLBACK[language];
  const body = renderTemplate(template, {
    'recipient.name': sms.recipient.name,
    'recipient.email': sms.recipient.email,
    'validations.code': sms.code,
    'envelope.name': sms.envelopeName,
    'validations.expires_at': readableTime(sms.expiresAt)
  }, 'text');
  return { to: sms.phone, body: CODE_PLACEHOLDER.test(template) ? body : `${body} ${sms.code}` };
}
