import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A recipient's phone in E.164 (`+34612345678`), or null when it is not a valid number. Only the
 * international form is read (a leading `+`, or `00`): Signet has no country to assume a national
 * number is in. Spaces, dots, dashes and parentheses are allowed. libphonenumber's full metadata checks
 * the number's length and ranges for its country, not just its digits.
 */
export function normalisePhone(input: string): string | null {
  const international = input.trim().replace(/^00/, '+');
  if (!international.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(international);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * A phone as the signer page may show it: the country calling code and the last two digits, the rest
 * hidden behind a fixed run of dots that does not tell the number's length (`+34 ••••78`). The page is
 * open to whoever holds the link, so it never shows more.
 */
export function maskPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  const digits = e164.replace(/\D/g, '');
  return `${parsed ? `+${parsed.countryCallingCode} ` : ''}••••${digits.slice(-2)}`;
}
