import { DEFAULT_SENDER_NAME, type Settings } from '@signet/contracts';

const EN_VALIDATION_BODY = [
  '<p>Hello {{recipient.name}},</p>',
  '<p>Your verification code for <strong>{{envelope.name}}</strong> is:</p>',
  '<p style="font-size:24px;letter-spacing:4px"><strong>{{validations.code}}</strong></p>',
  '<p>It expires at {{validations.expires_at}}. If you did not ask for it, ignore this email.</p>'
].join('\n');

const ES_VALIDATION_BODY = [
  '<p>Hola {{recipient.name}}:</p>',
  '<p>Tu código de verificación para <strong>{{envelope.name}}</strong> es:</p>',
  '<p style="font-size:24px;letter-spacing:4px"><strong>{{validations.code}}</strong></p>',
  '<p>Caduca el {{validations.expires_at}}. Si no lo has solicitado, ignora este correo.</p>'
].join('\n');

/** What every API key has until it sets something else (spec 2.5 defaults). */
export const DEFAULT_SETTINGS: Settings = {
  branding: { logo: null, url_homepage: null, url_signature_flow: null, name: null, reply_to: null, sender_email: null },
  documents: { document_id_enabled: true, custom_page_id: 'Signet Sign ID:', signatures_per_page: 6, signatures_per_row: 2 },
  emails: { envelope_invitation: true, envelope_voided: true, envelope_rejected: true, envelope_signed: true },
  localization: {
    en: {
      extra_page_intro: 'The following people signed this document electronically.',
      emails: { email_validation: { subject: 'Your verification code for {{envelope.name}}', body: EN_VALIDATION_BODY, cta: 'Verify' } },
      sms: { phone_validation: { body: 'Your verification code for {{envelope.name}} is {{validations.code}}. It expires at {{validations.expires_at}}.' } }
    },
    es: {
      extra_page_intro: 'Las siguientes personas firmaron este documento electrónicamente.',
      emails: { email_validation: { subject: 'Tu código de verificación para {{envelope.name}}', body: ES_VALIDATION_BODY, cta: 'Verificar' } },
      sms: { phone_validation: { body: 'Tu código de verificación para {{envelope.name}} es {{validations.code}}. Caduca el {{validations.expires_at}}.' } }
    }
  },
  signature: { type: 'SIMPLE', style: 'SIMPLE', bg_image: null },
  signature_flow: { language: 'EN', sender_name: DEFAULT_SENDER_NAME, signature_order: 'PARALLEL', signature_types: 'WRITTEN,DRAWN,UPLOADED', signature_color: '#000000', embed_origins: null, redirect_url: null },
  validations: { email: { enabled: false, order: 0 }, phone: { enabled: false, order: 0, methods: 'SMS' } }
};
