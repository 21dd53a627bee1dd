import type { FieldError } from '@signet/http';
import { AddressPolicy, ipLiteralOf } from '@signet/outbound';

/**
 * Checks a receiver URL when it is saved: http or https, no credentials in it (they would end up in
 * logs and lists), and not an IP literal the delivery would refuse anyway. Names are checked where it
 * counts, at connect time, since what they resolve to can change.
 */
export function checkWebhookUrl(value: string, policy: AddressPolicy): FieldError | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { field: 'url', message: 'must be an http or https URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { field: 'url', message: 'must be an http or https URL' };
  if (url.username || url.password) return { field: 'url', message: 'must not carry credentials: send them with auth instead' };
  const literal = ipLiteralOf(url.hostname);
  const refusal = literal === null ? null : policy.refusal(literal);
  if (refusal) return { field: 'url', message: `must not point at ${refusal}` };
  return null;
}
