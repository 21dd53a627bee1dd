import type { RecipientPayload, ValidationChannel } from '@signet/contracts';

export type { ValidationChannel };

/** How long a code lives, how often it may be tried, how often one may be sent. */
export const CODE_TTL_MS = 30 * 60_000;
export const ATTEMPTS_PER_CODE = 3;
export const SEND_COOLDOWN_MS = 60_000;
export const CODES_PER_HOUR = 5;
export const HOUR_MS = 60 * 60_000;
/** The per-tenant SMS cap counts the SMS codes of any 24 hours (a sliding day, like the sliding hour). */
export const DAY_MS = 24 * HOUR_MS;

/**
 * PENDING until it is verified (VERIFIED), runs out of time (EXPIRED), fails its third attempt
 * (EXHAUSTED) or gives way to a newer code for the same recipient (SUPERSEDED).
 */
export type CodeStatus = 'PENDING' | 'VERIFIED' | 'EXPIRED' | 'EXHAUSTED' | 'SUPERSEDED';

export interface CodeRow {
  id: string;
  tenant_id: string;
  envelope_id: string;
  recipient_id: string;
  /** Each channel has its own codes, limits and standing: an email code never passes for an SMS one. */
  channel: ValidationChannel;
  /** The key that created the envelope: its webhooks hear of the code. */
  envelope_api_key_id: string;
  /** HMAC-SHA-256 of the code (see codes/code-hasher.ts); the code itself is never stored. */
  code_hash: string;
  status: CodeStatus;
  attempts_left: number;
  expires_at: Date;
  sent_at: Date | null;
  verified_at: Date | null;
  /** The recipient as events show them, taken when the code was made, for events no request is behind. */
  recipient: RecipientPayload;
  /** The send_code request, named by the code_sent event the mail worker writes later. */
  request_id: string;
  created_at: Date;
  updated_at: Date;
}

/** One recipient's standing: the row send_code and verify_code lock, and what the signing flow's gate reads. */
export interface RecipientValidationRow {
  tenant_id: string;
  envelope_id: string;
  recipient_id: string;
  channel: ValidationChannel;
  verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A code email waiting for its send job; `sealed` is the whole message, encrypted (mail/mail-cipher.ts). */
export interface PendingMailRow {
  id: string;
  code_id: string;
  sealed: Buffer;
  created_at: Date;
}

/** A code SMS waiting for (PENDING) or done with its send job: the record of its delivery. */
export type SmsStatus = 'PENDING' | 'SENT' | 'REFUSED' | 'DROPPED';

/**
 * `sealed` is the whole message (number and text), encrypted; it is erased once the SMS leaves PENDING,
 * so no phone number stays in clear or otherwise. `country` (ISO 3166 alpha-2) is kept for the operator.
 */
export interface SmsMessageRow {
  id: string;
  code_id: string;
  tenant_id: string;
  country: string;
  sealed: Buffer | null;
  status: SmsStatus;
  /** The provider's or the sender's last error, kept with the delivery record. */
  last_error: string | null;
  provider_message_id: string | null;
  provider_status: string | null;
  created_at: Date;
  finished_at: Date | null;
}
