import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * The country (ISO 3166 alpha-2) a phone number in E.164 belongs to, by libphonenumber's metadata (so
 * +1 numbers tell the US from Canada and the Caribbean), or null when it names none.
 */
export function countryOfPhone(phone: string): string | null {
  return parsePhoneNumberFromString(phone)?.country ?? null;
}
