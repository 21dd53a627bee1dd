import { translator } from './format';
import type { Language } from './languages';

/** A settings.localization entry: what a language's verification email and SMS, and extra signature pages, say by default. */
export interface DefaultLocalization {
  extra_page_intro: string;
  emails: { email_validation: { subject: string; body: string; cta: string } };
  sms: { phone_validation: { body: string } };
}

/** The settings' template variables (`{{envelope.name}}`), put where the catalogue's placeholders are. */
const VARIABLES = {
  envelope: '{{envelope.name}}',
  name: '{{recipient.name}}',
  code: '{{validations.code}}',
  expires: '{{validations.expires_at}}'
};

/**
 * The default localization of a language, made from the catalogue, so a key that never customised a
 * language still sends its texts. These are settings templates (a tenant may replace them), not messages.
 */
export function defaultLocalization(language: Language): DefaultLocalization {
  const t = translator(language);
  const body = [
    `<p>${t('code.email.greeting', VARIABLES)}</p>`,
    `<p>${t('code.email.intro', { envelope: `<strong>${VARIABLES.envelope}</strong>` })}</p>`,
    `<p style="font-size:24px;letter-spacing:4px"><strong>${VARIABLES.code}</strong></p>`,
    `<p>${t('code.email.expiry', VARIABLES)}</p>`
  ].join('\n');
  return {
    extra_page_intro: t('extraPage.intro'),
    emails: { email_validation: { subject: t('code.email.subject', VARIABLES), body, cta: t('code.email.cta') } },
    sms: { phone_validation: { body: t('code.sms', VARIABLES) } }
  };
}
