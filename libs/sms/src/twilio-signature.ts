import { createHmac, timingSafeEqual } from 'node:crypto';

/** A form's fields as received, in order; a name may repeat. */
export type FormFields = ReadonlyArray<readonly [string, string]>;

/**
 * Twilio's request signature (the X-Twilio-Signature header): base64 of an HMAC-SHA1, keyed by the
 * account's auth token, over the full URL Twilio called followed by each POST field's name and value,
 * the names sorted (a repeated name once, with its distinct values sorted).
 */
export function twilioSignature(authToken: string, url: string, fields: FormFields): string {
  const byName = new Map<string, Set<string>>();
  for (const [name, value] of fields) byName.set(name, (byName.get(name) ?? new Set()).add(value));
  let data = url;
  for (const name of [...byName.keys()].sort()) {
    for (const value of [...(byName.get(name) as Set<string>)].sort()) data += name + value;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/**
 * The URL as signed with and without its port: Twilio signs some callbacks with the default port
 * written out (`https://host:443/...`) and some without, whichever form the URL was given in.
 */
function signedForms(url: string): string[] {
  const parsed = new URL(url);
  const credentials = parsed.username ? `${parsed.username}${parsed.password ? `:${parsed.password}` : ''}@` : '';
  const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80');
  const rest = `${parsed.pathname}${parsed.search}`;
  return [...new Set([url, `${parsed.protocol}//${credentials}${parsed.hostname}${rest}`, `${parsed.protocol}//${credentials}${parsed.hostname}:${port}${rest}`])];
}

/** Whether `signature` is Twilio's for a POST of `fields` to `url`, compared in constant time. */
export function isTwilioSignature(authToken: string, signature: string, url: string, fields: FormFields): boolean {
  const given = Buffer.from(signature);
  return signedForms(url).some((form) => {
    const expected = Buffer.from(twilioSignature(authToken, form, fields));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
