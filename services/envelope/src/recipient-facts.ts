import { validationsFor, type Settings } from '@signet/contracts';
import type { EnvelopeRow, RecipientRow } from './model';
import { recipientPayload } from './present/envelope-payload';
import type { RecipientFacts } from './validation-client';

/**
 * A recipient with what the validation part needs to know about their envelope: whom to email or text a
 * code, in which language and branding, whether the envelope asks for validation, whose webhooks hear of
 * it. Only the settings that serve that travel: a logo can be a quarter of a megabyte.
 */
export function recipientFacts(envelope: Pick<EnvelopeRow, 'id' | 'name' | 'status' | 'api_key_id' | 'settings'>, recipient: RecipientRow): RecipientFacts {
  const { settings } = envelope;
  return {
    envelope: {
      id: envelope.id,
      name: envelope.name,
      status: envelope.status,
      api_key_id: envelope.api_key_id,
      settings: {
        validations: validationsFor(settings.validations, recipient.validations),
        localization: settings.localization,
        // The language the recipient reads: their own (recipients[k][language]), else the envelope's.
        signature_flow: { language: (recipient.language ?? settings.signature_flow.language) as Settings['signature_flow']['language'], sender_name: settings.signature_flow.sender_name },
        branding: { name: settings.branding.name, sender_email: settings.branding.sender_email, reply_to: settings.branding.reply_to }
      }
    },
    recipient: recipientPayload(recipient),
    // For SMS codes only: events and logs never carry it.
    phone: recipient.phone
  };
}
