import { localizationFor } from '@signet/contracts';
import { formatDateTime, language as languageOf } from '@signet/i18n';
import { escapeHtml, type MailMessage, renderTemplate } from '@signet/mail';
import type { ValidationSettings } from '../recipient-facts';
import { htmlToText } from './html-to-text';

export interface CodeMail {
  recipient: { name: string; email: string };
  envelopeName: string;
  code: string;
  expiresAt: Date;
  settings: ValidationSettings;
  /** MAIL_FROM, for settings without branding.sender_email. */
  defaultFrom: string;
}

const CODE_PLACEHOLDER = /\{\{\s*validations\.code\s*\}\}/;

/**
 * The validation email in the recipient's language (signature_flow.language as the envelope service
 * gives it: the recipient's own, else the envelope's), from the templates of settings.localization: the subject, the CTA as the heading, then the body. A customised body that
 * leaves out {{validations.code}} still gets the code, below it: an email without its code is useless.
 */
export function composeCodeMail(mail: CodeMail): MailMessage {
  const { settings } = mail;
  const language = languageOf(settings.signature_flow.language);
  const template = localizationFor(settings.localization, language).emails.email_validation;
  const variables = {
    'recipient.name': mail.recipient.name,
    'recipient.email': mail.recipient.email,
    'validations.code': mail.code,
    'envelope.name': mail.envelopeName,
    'validations.expires_at': formatDateTime(language, mail.expiresAt)
  };
  const cta = renderTemplate(template.cta, variables, 'text');
  const body = renderTemplate(template.body, variables, 'html');
  const textBody = renderTemplate(htmlToText(template.body), variables, 'text');
  const showsCode = CODE_PLACEHOLDER.test(template.body);
  const html = [
    '<!doctype html>',
    `<html lang="${language.tag}"${language.direction === 'rtl' ? ' dir="rtl"' : ''}><head><meta charset="utf-8"></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#222">',
    `<h1 style="font-size:20px">${escapeHtml(cta)}</h1>`,
    body,
    showsCode ? '' : `<p style="font-size:24px;letter-spacing:4px"><strong>${mail.code}</strong></p>`,
    '</body></html>'
  ].filter(Boolean).join('\n');
  return {
    to: mail.recipient.email,
    from: settings.branding.sender_email ?? mail.defaultFrom,
    fromName: settings.signature_flow.sender_name,
    replyTo: settings.branding.reply_to,
    subject: renderTemplate(template.subject, variables, 'text'),
    text: [cta, textBody, showsCode ? '' : mail.code].filter(Boolean).join('\n\n'),
    html
  };
}
