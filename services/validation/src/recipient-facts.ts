import type { EnvelopeStatus, RecipientPayload, Settings } from '@signet/contracts';

/** The envelope settings codes depend on: whether validation is asked for, and how the email reads. */
export interface ValidationSettings {
  validations: Settings['validations'];
  localization: Settings['localization'];
  signature_flow: Pick<Settings['signature_flow'], 'language' | 'sender_name'>;
  branding: Pick<Settings['branding'], 'name' | 'sender_email' | 'reply_to'>;
}

/**
 * The recipient a code is for, as the envelope part gives it with each call (this part calls no other:
 * internal calls go one way, envelope -> validation).
 */
export interface RecipientFacts {
  envelope: { id: string; name: string; status: EnvelopeStatus; api_key_id: string; settings: ValidationSettings };
  /** As recipient events carry it. */
  recipient: RecipientPayload;
  /** The recipient's phone in E.164, for SMS codes; never logged, never in an event. */
  phone: string | null;
}
