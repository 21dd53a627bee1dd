import type { SmsMessage } from '@signet/sms';
import { localizationFor } from '@signet/contracts';
import { formatDateTime, language as languageOf, translate } from '@signet/i18n';
import { renderTemplate } from '@signet/mail';
import type { ValidationSettings } from '../recipient-facts';

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
const fallback = (language: ReturnType<typeof languageOf>) => translate(language, 'code.sms.fallback', { code: '{{validations.code}}' });

/**
 * The validation SMS in the recipient's language (signature_flow.language as the envelope service gives
 * it: the recipient's own, else the envelope's), from
 * settings.localization.<lang>.sms.phone_validation.body with the email's variables. A customised text
 * that leaves out {{validations.code}} still gets the code, after it: an SMS without its code is useless.
 */
export function composeCodeSms(sms: CodeSms): SmsMessage {
  const language = languageOf(sms.settings.signature_flow.language);
  const stored = (sms.settings.localization as Record<string, { sms?: { phone_validation: { body: string } } } | undefined>)[language.key];
  const template = (stored ? stored.sms?.phone_validation.body : localizationFor(sms.settings.localization, language).sms.phone_validation.body) ?? fallback(language);
  const body = renderTemplate(template, {
    'recipient.name': sms.recipient.name,
    'recipient.email': sms.recipient.email,
    'validations.code': sms.code,
    'envelope.name': sms.envelopeName,
    'validations.expires_at': formatDateTime(language, sms.expiresAt)
  }, 'text');
  return { to: sms.phone, body: CODE_PLACEHOLDER.test(template) ? body : `${body} ${sms.code}` };
}
