import { DEFAULT_SENDER_NAME, type Settings } from '@signet/contracts';
import { language as languageOf } from '@signet/i18n';
import { escapeHtml, type MailMessage } from '@signet/mail';
import { accentColors, type AccentColors } from '../accent-colors';
import type { LifecycleMailKind } from './email-store';
import { type MailTextValues, mailTexts } from './mail-texts';

export interface LifecycleMail {
  kind: LifecycleMailKind;
  to: string;
  values: Omit<MailTextValues, 'senderName'>;
  settings: Settings;
  /** The recipient's own language (an API code), when they have one; else the envelope's is used. */
  language?: string | null;
  /** MAIL_FROM, for settings without branding.sender_email. */
  defaultFrom: string;
  /** The tracked signing link (invitation). */
  actionUrl?: string;
  /** The tracking pixel (invitation). */
  pixelUrl?: string;
  /** Signed documents (signed). */
  documents?: Array<{ name: string; url: string }>;
  /** The X-Signet-Bounce header's value. */
  bounceToken: string;
}

/** Mail clients block images given as data URLs, so only an https logo is shown. */
function logoOf(settings: Settings): string | null {
  const logo = settings.branding.logo;
  return typeof logo === 'string' && logo.startsWith('https://') ? logo : null;
}

/** A link in the accent colour, when that reads on white (else the default accent). */
function link(href: string, content: string, colors: AccentColors, newTab = false): string {
  const target = newTab ? ' target="_blank" rel="noopener noreferrer"' : '';
  return `<a href="${escapeHtml(href)}"${target} style="color:${colors.accentText}">${content}</a>`;
}

/**
 * The header: the logo, or with no logo shown the branding name, linked to branding.url_homepage when set
 * (as on the signer page), over a rule in the branding colour.
 */
function brandMark(logo: string | null, brand: string, homepage: string | null, colors: AccentColors): string {
  const mark = logo ? `<img src="${escapeHtml(logo)}" alt="${escapeHtml(brand)}" style="max-height:48px;border:0">` : `<strong>${escapeHtml(brand)}</strong>`;
  return `<p style="padding-bottom:10px;border-bottom:4px solid ${colors.accent}">${homepage ? link(homepage, mark, colors, true) : mark}</p>`;
}

/** The button: the branding colour, its text white or dark, whichever reads on it. */
function actionButton(href: string, label: string, colors: AccentColors): string {
  const style = `display:inline-block;padding:10px 18px;background:${colors.accent};color:${colors.onAccent};text-decoration:none;border-radius:4px`;
  return `<p><a href="${escapeHtml(href)}" style="${style}">${escapeHtml(label)}</a></p>`;
}

/**
 * Who the email is from, in the From display name and in the text: the sender_name a key set, else the
 * branding name (the tenant's company, rather than the service's name the default sender_name is).
 */
export function senderNameOf(settings: Settings): string {
  const { sender_name: senderName } = settings.signature_flow;
  return senderName === DEFAULT_SENDER_NAME ? settings.branding.name ?? senderName : senderName;
}

/** A lifecycle email in the recipient's language, HTML and plain text, with the tenant's branding and sender. */
export function composeLifecycleMail(mail: LifecycleMail): MailMessage {
  const { settings } = mail;
  const senderName = senderNameOf(settings);
  const brand = settings.branding.name ?? senderName;
  const homepage = settings.branding.url_homepage;
  const language = languageOf(mail.language ?? settings.signature_flow.language);
  const texts = mailTexts(mail.kind, language, { ...mail.values, senderName });
  const logo = logoOf(settings);
  const documents = mail.documents ?? [];
  const colors = accentColors(settings.branding.color);

  const html = [
    '<!doctype html>',
    `<html lang="${language.tag}"${language.direction === 'rtl' ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><title>${escapeHtml(texts.subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#222">',
    brandMark(logo, brand, homepage, colors),
    `<p>${escapeHtml(texts.greeting)}</p>`,
    ...texts.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    mail.actionUrl && texts.action ? actionButton(mail.actionUrl, texts.action, colors) : '',
    documents.length > 0 && texts.action
      ? `<p><strong>${escapeHtml(texts.action)}</strong></p><ul>${documents.map((document) => `<li>${link(document.url, escapeHtml(document.name), colors)}</li>`).join('')}</ul>`
      : '',
    homepage ? `<p style="color:#555;font-size:13px">${link(homepage, escapeHtml(brand), colors, true)}</p>` : '',
    mail.pixelUrl ? `<img src="${escapeHtml(mail.pixelUrl)}" width="1" height="1" alt="" style="display:block;border:0">` : '',
    '</body></html>'
  ].filter(Boolean).join('\n');

  const text = [
    brand,
    texts.greeting,
    ...texts.lines,
    mail.actionUrl && texts.action ? `${texts.action}: ${mail.actionUrl}` : '',
    documents.length > 0 && texts.action ? [`${texts.action}:`, ...documents.map((document) => `- ${document.name}: ${document.url}`)].join('\n') : '',
    homepage ? `${brand}: ${homepage}` : ''
  ].filter(Boolean).join('\n\n');

  return {
    to: mail.to,
    from: settings.branding.sender_email ?? mail.defaultFrom,
    fromName: senderName,
    replyTo: settings.branding.reply_to,
    subject: texts.subject,
    text,
    html,
    headers: { 'X-Signet-Bounce': mail.bounceToken }
  };
}
