import { DEFAULT_BIOMETRIC, DEFAULT_ID_CHECK, type Settings, type SettingsPayload } from './settings';
import { DEFAULT_BRANDING_COLOR, type SignatureLevel } from './settings-fields';

/** An envelope's signature level: `seal` for envelopes stored before levels existed. */
export function signatureLevel(settings: Pick<Settings, 'signature'>): SignatureLevel {
  return settings.signature.level ?? 'seal';
}

const flag = (value: boolean) => (value ? 'TRUE' : 'FALSE');

/** Phone validation as envelopes stored before it existed read it: off. */
const off = { order: 0, enabled: 'FALSE' } as const;

/** Renders stored settings the way webhook payloads show them. */
export function toSettingsPayload(settings: Settings): SettingsPayload {
  const { branding, documents, emails, localization, signature, signature_flow, validations } = settings;
  return {
    branding: {
      logo: branding.logo,
      url_homepage: branding.url_homepage,
      url_signature_flow: branding.url_signature_flow,
      name: branding.name,
      reply_to: branding.reply_to,
      sender_email: branding.sender_email,
      // Envelopes stored before branding.color existed show the colour they are drawn in.
      color: branding.color ?? DEFAULT_BRANDING_COLOR
    },
    documents: {
      include_page_id: flag(documents.document_id_enabled),
      custom_page_id: documents.custom_page_id,
      signatures_per_page: documents.signatures_per_page,
      signatures_per_row: documents.signatures_per_row
    },
    emails: {
      envelope_invitation: flag(emails.envelope_invitation),
      envelope_voided: flag(emails.envelope_voided),
      envelope_rejected: flag(emails.envelope_rejected),
      envelope_signed: flag(emails.envelope_signed)
    },
    // Shared, not copied: a payload is only ever serialized (structuredClone of it was 2% of a GET's CPU).
    localization,
    signature: { type: signature.type, style: signature.style, bg_image: signature.bg_image, level: signatureLevel({ signature }), image: 'DEFAULT', text: 'DEFAULT' },
    signature_flow: {
      language: signature_flow.language,
      sender_name: signature_flow.sender_name,
      signature_order: signature_flow.signature_order,
      signature_types: signature_flow.signature_types,
      signature_color: signature_flow.signature_color,
      // The company behind the envelope is the branding name; payloads show null when there is none.
      sender_enterprise: branding.name
    },
    validations: {
      email: { enabled: flag(validations.email.enabled), order: validations.email.order },
      // Envelopes stored before phone validation existed have no `validations.phone`: off.
      phone: validations.phone ? { enabled: flag(validations.phone.enabled), order: validations.phone.order, methods: validations.phone.methods } : { ...off, methods: 'SMS' },
      // Envelopes stored before identity checks existed have neither: the defaults, off.
      id_check: identityPayload(validations.id_check ?? DEFAULT_ID_CHECK),
      biometric: identityPayload(validations.biometric ?? DEFAULT_BIOMETRIC)
    }
  };
}

function identityPayload<T extends { enabled: boolean }>(check: T): Omit<T, 'enabled'> & { enabled: 'TRUE' | 'FALSE' } {
  return { ...check, enabled: flag(check.enabled) };
}
