/** One text message to one phone number in E.164 (`+34612345678`). */
export interface SmsMessage {
  to: string;
  body: string;
}

/** What the provider said when it took the message: its id for the message, and its status (`queued`, `sent`...). */
export interface SentSms {
  providerMessageId: string;
  status: string;
}

/**
 * Sends one message. Rejects with `SmsRejectedError` when the provider refuses the number for good (not
 * a mobile, unsubscribed, a country the account may not reach: do not retry); any other rejection is
 * transient and worth retrying.
 */
export interface SmsSender {
  send(message: SmsMessage): Promise<SentSms>;
}

/** The provider refused this message for a reason sending again would not change. */
export class SmsRejectedError extends Error {
  override readonly name = 'SmsRejectedError';

  constructor(
    /** The provider's own error code (Twilio's `code`, e.g. 21211 invalid number), or null. */
    readonly providerCode: number | null,
    message: string
  ) {
    super(message);
  }
}
