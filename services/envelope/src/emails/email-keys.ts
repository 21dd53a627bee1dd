import { deriveKey } from '@signet/http';

export interface EmailKeys {
  /** Encrypts signing links and queued emails, which hold them. */
  seal: Buffer;
  /** Signs the bounce tokens carried in every lifecycle email. */
  bounce: Buffer;
}

/** Both from the internal secret, so a copy of the database alone opens no signing link. */
export function deriveEmailKeys(internalSecret: string): EmailKeys {
  return {
    seal: deriveKey(internalSecret, 'signet-envelope-emails', 'sealed v1'),
    bounce: deriveKey(internalSecret, 'signet-envelope-emails', 'bounce-token v1')
  };
}
