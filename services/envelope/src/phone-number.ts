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
