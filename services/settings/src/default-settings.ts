import { DEFAULT_BIOMETRIC, DEFAULT_BRANDING_COLOR, DEFAULT_ID_CHECK, DEFAULT_SENDER_NAME, type Settings } from '@signet/contracts';
import { defaultLocalization, language } from '@signet/i18n';

/** What every API key has until it sets something else. */
export const DEFAULT_SETTINGS: Settings = {
  branding: { logo: null, url_homepage: null, url_signature_flow: null, name: null, reply_to: null, sender_email: null, color: DEFAULT_BRANDING_COLOR },
  documents: { document_id_enabled: true, custom_page_id: 'Signet Sign ID:', signatures_per_page: 6, signatures_per_row: 2 },
  emails: { envelope_invitation: true, envelope_voided: true, envelope_rejected: true, envelope_signed: true, envelope_expired: true, envelope_reminder: true },
  // English and Spanish always; the other languages' defaults are filled in when a key customises one.
  localization: { en: defaultLocalization(language('EN')), es: defaultLocalization(language('ES')) },
  signature: { type: 'SIMPLE', style: 'SIMPLE', bg_image: null, level: 'seal' },
  signature_flow: {
    language: 'EN', sender_name: DEFAULT_SENDER_NAME, signature_order: 'PARALLEL', signature_types: 'WRITTEN,DRAWN,UPLOADED', signature_color: '#000000', embed_origins: null, redirect_url: null,
    // No expiry unless asked for; reminders after 5 days, every 5, at most 3 (docs/decisions.md).
    expire_after_days: null, expiry_warning_days: null, reminders: { first_after_days: 5, every_days: 5, max: 3 },
    // Asked only where the sender needs it (US consumers): docs/decisions.md.
    consumer_consent: false
  },
  validations: { email: { enabled: false, order: 0 }, phone: { enabled: false, order: 0, methods: 'SMS' }, id_check: DEFAULT_ID_CHECK, biometric: DEFAULT_BIOMETRIC }
};
