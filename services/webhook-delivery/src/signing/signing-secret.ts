import { randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A webhook's signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function newSigningSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}
