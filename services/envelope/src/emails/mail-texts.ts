import type { LifecycleMailKind } from './email-store';

export interface MailTextValues {
  recipientName: string;
  envelopeName: string;
  /** signature_flow.sender_name. */
  senderName: string;
  /** Who rejected, and why: rejected emails only. */
  rejecterName?: string;
  reason?: string;
}

export interface MailTexts {
  subject: string;
  greeting: string;
  /** Paragraphs, plain text. */
  lines: string[];
  /** The button (invitation) or the heading of the document links (signed). */
  action?: string;
}

type Texts = (values: MailTextValues) => MailTexts;

const en: Record<LifecycleMailKind, Texts> = {
  INVITATION: (v) => ({
    subject: `${v.senderName} sent you "${v.envelopeName}" to sign`,
    greeting: `Hello ${v.recipientName},`,
    lines: [`${v.senderName} asks you to review and sign "${v.envelopeName}".`, 'The link is personal: do not forward this email.'],
    action: 'Review and sign'
  }),
  VOIDED: (v) => ({
    subject: `"${v.envelopeName}" was voided`,
    greeting: `Hello ${v.recipientName},`,
    lines: [`${v.senderName} voided "${v.envelopeName}". It can no longer be signed and nothing more is needed from you.`]
  }),
  REJECTED: (v) => ({
    subject: `"${v.envelopeName}" was rejected`,
    greeting: `Hello ${v.recipientName},`,
    lines: [`${v.rejecterName ?? ''} rejected "${v.envelopeName}", so it can no longer be signed.`, `Reason: ${v.reason ?? ''}`]
  }),
  SIGNED: (v) => ({
    subject: `"${v.envelopeName}" is signed`,
    greeting: `Hello ${v.recipientName},`,
    lines: [`Everyone has signed "${v.envelopeName}". The signed documents can be downloaded for 7 days from the links below.`],
    action: 'Signed documents'
  })
};

const es: Record<LifecycleMailKind, Texts> = {
  INVITATION: (v) => ({
    subject: `${v.senderName} le envió "${v.envelopeName}" para firmar`,
    greeting: `Hola ${v.recipientName}:`,
    lines: [`${v.senderName} le pide revisar y firmar "${v.envelopeName}".`, 'El enlace es personal: no reenvíe este correo.'],
    action: 'Revisar y firmar'
  }),
  VOIDED: (v) => ({
    subject: `"${v.envelopeName}" fue anulado`,
    greeting: `Hola ${v.recipientName}:`,
    lines: [`${v.senderName} anuló "${v.envelopeName}". Ya no se puede firmar y no se necesita nada más de usted.`]
  }),
  REJECTED: (v) => ({
    subject: `"${v.envelopeName}" fue rechazado`,
    greeting: `Hola ${v.recipientName}:`,
    lines: [`${v.rejecterName ?? ''} rechazó "${v.envelopeName}", por lo que ya no se puede firmar.`, `Motivo: ${v.reason ?? ''}`]
  }),
  SIGNED: (v) => ({
    subject: `"${v.envelopeName}" está firmado`,
    greeting: `Hola ${v.recipientName}:`,
    lines: [`Todos firmaron "${v.envelopeName}". Los documentos firmados se pueden descargar durante 7 días desde estos enlaces.`],
    action: 'Documentos firmados'
  })
};

export function mailTexts(kind: LifecycleMailKind, language: 'EN' | 'ES', values: MailTextValues): MailTexts {
  return (language === 'ES' ? es : en)[kind](values);
}
