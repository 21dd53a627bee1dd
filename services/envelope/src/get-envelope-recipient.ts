import type { Request, Response } from 'express';
import { notFound, requestContext } from '@signet/http';
import type { EnvelopeDeps } from './envelope-deps';
import { recipientPayload } from './present/envelope-payload';

/**
 * GET /internal/envelopes/:id/recipients/:recipient_id: a recipient with what another part needs to know
 * about their envelope (the validation service: whom to email or text a code, in which language and branding,
 * whether the envelope asks for validation, whose webhooks hear of it). Only the settings that serve
 * that travel: a logo can be a quarter of a megabyte.
 */
export function getEnvelopeRecipient(deps: EnvelopeDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const found = await deps.store.recipientWithEnvelope(deps.db, requestContext(res).tenantId, String(req.params.id), String(req.params.recipient_id));
    // One message for every miss: which ids exist elsewhere is nobody's business.
    if (!found) throw notFound('Envelope or recipient');
    const { envelope, recipient } = found;
    const { settings } = envelope;
    res.json({
      envelope: {
        id: envelope.id,
        name: envelope.name,
        status: envelope.status,
        api_key_id: envelope.api_key_id,
        settings: {
          validations: settings.validations,
          localization: settings.localization,
          // The language the recipient reads: their own (recipients[k][language]), else the envelope's.
          signature_flow: { language: recipient.language ?? settings.signature_flow.language, sender_name: settings.signature_flow.sender_name },
          branding: { name: settings.branding.name, sender_email: settings.branding.sender_email, reply_to: settings.branding.reply_to }
        }
      },
      recipient: recipientPayload(recipient),
      // For SMS codes only: events and logs never carry it.
      phone: recipient.phone
    });
  };
}
