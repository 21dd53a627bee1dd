/**
 * The server refused the recipient permanently (5xx to RCPT TO). Sending again would get the same
 * answer, so callers record a bounce instead of retrying.
 */
export class MailRejectedError extends Error {
  override readonly name = 'MailRejectedError';

  constructor(
    readonly recipient: string,
    /** The server's reply line, e.g. `550 Mailbox unavailable`. */
    readonly response: string,
    readonly responseCode: number,
    options?: ErrorOptions
  ) {
    super(`Recipient ${recipient} rejected: ${response}`, options);
  }
}
