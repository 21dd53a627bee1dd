import { deriveKey } from '@signet/http';

export interface ValidationKeys {
  /** Keys the HMAC that stands in for each code. */
  codeHash: Buffer;
  /** Encrypts code emails while they wait for the mail worker. */
  mail: Buffer;
  /** Encrypts code SMS (number and text) while they wait for the SMS worker. */
  sms: Buffer;
}

/**
 * Both keys come from the internal secret, one per purpose. A copy of the database alone then
 * neither reverses a code hash (without the key, 10^6 candidates would fall in moments) nor opens a
 * waiting email or SMS. A new secret (or a restart of monolith mode without SIGNET_INTERNAL_SECRET, whose
 * secret is random per process) leaves pending codes unverifiable: a new code is one send_code away.
 */
export function deriveValidationKeys(internalSecret: string): ValidationKeys {
  return {
    codeHash: deriveKey(internalSecret, 'signet-validation', 'code-hash v1'),
    mail: deriveKey(internalSecret, 'signet-validation', 'pending-mail v1'),
    sms: deriveKey(internalSecret, 'signet-validation', 'pending-sms v1')
  };
}
