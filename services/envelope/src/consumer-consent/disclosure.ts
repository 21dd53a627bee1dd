import { createHash } from 'node:crypto';
import { CONSUMER_DISCLOSURE_VERSION, DEFAULT_SENDER_NAME, type Settings } from '@signet/contracts';
import { type Language, language as languageOf, translator } from '@signet/i18n';

/** A part of the disclosure: its heading (none for the opening), then its paragraphs. */
export interface DisclosureSection {
  heading: string | null;
  paragraphs: string[];
}

/** The consumer disclosure as one recipient reads it: in their language, with the sender's name and address. */
export interface Disclosure {
  version: string;
  language: Language;
  /** Who asks, as every paragraph names them: the branding name, else the sender name. */
  sender: string;
  title: string;
  sections: DisclosureSection[];
  /** What the recipient agrees to, as the button says it. */
  agree: string;
  /** SHA-256 of what is shown (version, language, title, sections and agreement), recorded with a consent. */
  sha256: string;
}

/** Whether the envelope asks its recipients for consent; envelopes stored before the setting do not. */
export function consentAsked(settings: Settings): boolean {
  return settings.signature_flow.consumer_consent === true;
}

/**
 * The disclosure for an envelope's recipient (`language`: theirs, else the envelope's): the right to paper
 * copies and how to ask (the branding's reply-to address when there is one), how to withdraw and what it
 * does, how to update contact details, and what is needed to open and keep the records. The same words
 * on the signer page and in the consent document.
 */
export function disclosureFor(settings: Settings, language: string | null | undefined): Disclosure {
  const shownIn = languageOf(language ?? settings.signature_flow.language);
  const t = translator(shownIn);
  const sender = settings.branding.name ?? settings.signature_flow.sender_name ?? DEFAULT_SENDER_NAME;
  const replyTo = settings.branding.reply_to;
  const values = { sender, email: replyTo ?? '' };
  const paper = [t('consumerConsent.disclosure.paper', values), ...(replyTo ? [t('consumerConsent.disclosure.replyTo', values)] : [])];
  const sections: DisclosureSection[] = [
    { heading: null, paragraphs: [t('consumerConsent.disclosure.intro', values), t('consumerConsent.disclosure.scope')] },
    { heading: t('consumerConsent.disclosure.paperTitle'), paragraphs: paper },
    { heading: t('consumerConsent.disclosure.withdrawTitle'), paragraphs: [t('consumerConsent.disclosure.withdraw', values)] },
    { heading: t('consumerConsent.disclosure.contactTitle'), paragraphs: [t('consumerConsent.disclosure.contact', values)] },
    { heading: t('consumerConsent.disclosure.requirementsTitle'), paragraphs: [t('consumerConsent.disclosure.requirements')] }
  ];
  const title = t('consumerConsent.disclosure.title');
  const agree = t('consumerConsent.disclosure.agree');
  const sha256 = createHash('sha256').update(JSON.stringify({ version: CONSUMER_DISCLOSURE_VERSION, language: shownIn.key, title, sections, agree })).digest('hex');
  return { version: CONSUMER_DISCLOSURE_VERSION, language: shownIn, sender, title, sections, agree, sha256 };
}
