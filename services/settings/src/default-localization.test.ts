import { DEFAULT_SETTINGS } from './default-settings';
import { resolveSettings } from './settings-overrides';

/** The English and Spanish defaults as they were before the catalogue made them: tenants may rely on every character. */
const BEFORE = {
  en: {
    extra_page_intro: 'The following people signed this document electronically.',
    emails: {
      email_validation: {
        subject: 'Your verification code for {{envelope.name}}',
        body: [
          '<p>Hello {{recipient.name}},</p>',
          '<p>Your verification code for <strong>{{envelope.name}}</strong> is:</p>',
          '<p style="font-size:24px;letter-spacing:4px"><strong>{{validations.code}}</strong></p>',
          '<p>It expires at {{validations.expires_at}}. If you did not ask for it, ignore this email.</p>'
        ].join('\n'),
        cta: 'Verify'
      }
    },
    sms: { phone_validation: { body: 'Your verification code for {{envelope.name}} is {{validations.code}}. It expires at {{validations.expires_at}}.' } }
  },
  es: {
    extra_page_intro: 'Las siguientes personas firmaron este documento electrónicamente.',
    emails: {
      email_validation: {
        subject: 'Tu código de verificación para {{envelope.name}}',
        body: [
          '<p>Hola {{recipient.name}}:</p>',
          '<p>Tu código de verificación para <strong>{{envelope.name}}</strong> es:</p>',
          '<p style="font-size:24px;letter-spacing:4px"><strong>{{validations.code}}</strong></p>',
          '<p>Caduca el {{validations.expires_at}}. Si no lo has solicitado, ignora este correo.</p>'
        ].join('\n'),
        cta: 'Verificar'
      }
    },
    sms: { phone_validation: { body: 'Tu código de verificación para {{envelope.name}} es {{validations.code}}. Caduca el {{validations.expires_at}}.' } }
  }
};

describe('default localization', () => {
  it('keeps the English and Spanish defaults exactly as they were, and only those two unless customised', () => {
    expect(DEFAULT_SETTINGS.localization).toEqual(BEFORE);
  });

  it('stores a customised language complete, its other fields from that language\'s defaults', () => {
    const settings = resolveSettings(DEFAULT_SETTINGS, { localization: { fr: { emails: { email_validation: { cta: 'Valider' } } } } });
    const fr = (settings.localization as Record<string, typeof BEFORE.en>).fr!;
    expect(fr.emails.email_validation).toEqual({
      subject: 'Votre code de vérification pour {{envelope.name}}',
      body: expect.stringContaining('<strong>{{validations.code}}</strong>'),
      cta: 'Valider'
    });
    expect(fr.extra_page_intro).toBe('Les personnes suivantes ont signé ce document électroniquement.');
    expect(Object.keys(settings.localization).sort()).toEqual(['en', 'es', 'fr']);
  });
});
