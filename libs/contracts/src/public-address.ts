import { addressPolicy, ipLiteralOf } from '@signet/outbound';

/**
 * A schema keyword (an `x-` extension, so the OpenAPI document may carry it): the string, when it is a URL
 * whose host is an IP literal, must name an address Signet's image fetcher would connect to.
 */
export const PUBLIC_ADDRESS_KEYWORD = 'x-public-address';

const imagePolicy = addressPolicy({ allowLoopback: false, purpose: 'images' });

/** Why the URL's host may not be fetched (an IP literal outside the public internet), or null. */
export function privateAddressOf(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const literal = ipLiteralOf(url.hostname);
  return literal === null ? null : imagePolicy.refusal(literal);
}
