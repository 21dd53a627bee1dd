import type { EnvelopeStatus, RecipientPayload, Settings } from '@signet/contracts';
import { callInternal, RequestContext } from '@signet/http';

/** The envelope settings codes depend on: whether validation is asked for, and how the email reads. */
export interface ValidationSettings {
  validations: Settings['validations'];
  localization: Settings['localization'];
  signature_flow: Pick<Settings['signature_flow'], 'language' | 'sender_name'>;
  branding: Pick<Settings['branding'], 'name' | 'sender_email' | 'reply_to'>;
}

export interface RecipientFacts {
  envelope: { id: string; name: string; status: EnvelopeStatus; api_key_id: string; settings: ValidationSettings };
  /** As recipient events carry it. */
  recipient: RecipientPayload;
  /** The recipient's phone in E.164, for SMS codes; never logged, never in an event. */
  phone: string | null;
}

export interface EnvelopeClient {
  /** The recipient of the caller's tenant's envelope, or a NOT_FOUND AppError (whatever is missing, or another tenant's). */
  recipient(context: RequestContext, envelopeId: string, recipientId: string): Promise<RecipientFacts>;
}

export function envelopeClient(baseUrl: () => string, secret: string): EnvelopeClient {
  return {
    async recipient(context, envelopeId, recipientId) {
      return callInternal<RecipientFacts>({
        baseUrl: baseUrl(),
        method: 'GET',
        path: `/internal/envelopes/${encodeURIComponent(envelopeId)}/recipients/${encodeURIComponent(recipientId)}`,
        context,
        secret
      });
    }
  };
}
