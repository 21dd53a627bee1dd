/** The request to the signing service a failure happened in. */
export type CscStep = 'token' | 'list' | 'info' | 'authorize' | 'signHash';

/**
 * The signing service answered and said no (an HTTP 4xx with a CSC error, or no credential to sign
 * with): a wrong OTP, a disabled credential, a client it does not know. Asking again gets the same
 * answer, so the caller tells the signer (a 4xx) rather than retrying. `error` and `errorDescription` are
 * the provider's own `error` and `error_description`.
 */
export class RemoteSigningRefused extends Error {
  constructor(
    readonly step: CscStep,
    readonly error: string,
    readonly errorDescription: string | null,
    /** The provider's HTTP status; null when the refusal is the client's conclusion (no usable credential). */
    readonly status: number | null
  ) {
    super(`The signing service refused ${step}: ${error}${errorDescription === null ? '' : ` (${errorDescription})`}`);
    this.name = 'RemoteSigningRefused';
  }
}

/**
 * The signing service could not be reached or gave no usable answer: a network error, a timeout, a 5xx or
 * 429, an answer too large or not in the CSC shape, a signature that does not verify. Nothing the signer
 * did: the caller may retry later or answer 503.
 */
export class RemoteSigningUnavailable extends Error {
  constructor(
    readonly step: CscStep,
    readonly reason: string,
    /** The provider's HTTP status when it answered one; null for network errors and timeouts. */
    readonly status: number | null = null
  ) {
    super(`The signing service is unavailable (${step}): ${reason}`);
    this.name = 'RemoteSigningUnavailable';
  }
}
