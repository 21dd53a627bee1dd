import type { Language } from '@signet/i18n';
import { formatDateTime, translator, type Translator } from '@signet/i18n';
import type { RecipientRole } from '@signet/contracts';
import type { LifecycleMailKind } from './email-store';

/** Signed documents stay downloadable from the email this long (S3 presigned URLs allow no more). */
export const SIGNED_LINK_DAYS = 7;

export interface MailTextValues {
  recipientName: string;
  envelopeName: string;
  /** signature_flow.sender_name. */
  senderName: string;
  /** Who rejected: rejected emails only. */
  rejecterName?: string;
  /** Why: the rejecter's reason (rejected emails), or the sender's when voiding (voided emails; absent when none was given). */
  reason?: string;
  /** The recipient's role: an approver is asked to approve, a viewer to read (absent in mails queued before roles). */
  role?: RecipientRole;
  /** When the envelope expires: expiry warnings only. */
  expiresAt?: Date;
}

export interface MailTexts {
  subject: string;
  greeting: string;
  /** Paragraphs, plain text. */
  lines: string[];
  /** The button (invitation) or the heading of the document links (signed). */
  action?: string;
}

/** The invitation of a recipient who does not sign: an approver is asked to approve, a viewer to read. */
function roleInvitation(t: Translator, role: 'APPROVER' | 'VIEWER', names: { sender: string; envelope: string }, greeting: string): MailTexts {
  return {
    subject: t(`fields.mail.invitation.${role}.subject`, names),
    greeting,
    lines: [t(`fields.mail.invitation.${role}.asks`, names), t('mail.invitation.personal')],
    action: t(`fields.mail.invitation.${role}.action`)
  };
}

/** A lifecycle email's words in the recipient's language, from the message catalogue. */
export function mailTexts(kind: LifecycleMailKind, language: Language, values: MailTextValues): MailTexts {
  const t = translator(language);
  const names = { sender: values.senderName, envelope: values.envelopeName };
  const greeting = t('mail.greeting', { name: values.recipientName });
  switch (kind) {
    case 'INVITATION':
      if (values.role === 'APPROVER' || values.role === 'VIEWER') return roleInvitation(t, values.role, names, greeting);
      return {
        subject: t('mail.invitation.subject', names),
        greeting,
        lines: [t('mail.invitation.asks', names), t('mail.invitation.personal')],
        action: t('mail.invitation.action')
      };
    case 'VOIDED':
      return {
        subject: t('mail.voided.subject', names),
        greeting,
        lines: [t('mail.voided.body', names), ...(values.reason === undefined ? [] : [t('void.mail.reason', { reason: values.reason })])]
      };
    case 'REJECTED':
      return {
        subject: t('mail.rejected.subject', names),
        greeting,
        lines: [t('mail.rejected.body', { ...names, rejecter: values.rejecterName ?? '' }), t('mail.rejected.reason', { reason: values.reason ?? '' })]
      };
    case 'SIGNED':
      return {
        subject: t('mail.signed.subject', names),
        greeting,
        lines: [t('mail.signed.body', { ...names, days: SIGNED_LINK_DAYS })],
        action: t('mail.signed.action')
      };
    case 'REMINDER':
      return { subject: t('expiry.mail.reminder.subject', names), greeting, lines: [t('expiry.mail.reminder.body', names), t('mail.invitation.personal')], action: t('mail.invitation.action') };
    case 'EXPIRY_WARNING':
      return {
        subject: t('expiry.mail.warning.subject', names),
        greeting,
        lines: [t('expiry.mail.warning.body', { ...names, date: formatDateTime(language, values.expiresAt ?? new Date(0)) }), t('mail.invitation.personal')],
        action: t('mail.invitation.action')
      };
    case 'EXPIRED':
      return { subject: t('expiry.mail.expired.subject', names), greeting, lines: [t('expiry.mail.expired.body', names)] };
  }
}
