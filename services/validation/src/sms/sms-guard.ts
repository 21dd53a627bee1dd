import { AppError } from '@signet/http';
import { DAY_MS } from '../model';
import { countryOfPhone } from './phone-country';

/** The operator's guards against SMS pumping (SMS_ALLOWED_COUNTRIES, SMS_TENANT_DAILY_LIMIT). */
export interface SmsGuardConfig {
  allowedCountries: string[] | null;
  tenantDailyLimit: number;
}

/** The phone's country, when SMS may go there; else 422 SMS_COUNTRY_NOT_ALLOWED naming it (never the number). */
export function allowedCountryOf(config: SmsGuardConfig, phone: string): string {
  const country = countryOfPhone(phone);
  if (country === null || (config.allowedCountries !== null && !config.allowedCountries.includes(country))) {
    throw new AppError('SMS_COUNTRY_NOT_ALLOWED', `Validation SMS are not sent to ${country === null ? 'this number\'s country' : `numbers in ${country}`} here (SMS_ALLOWED_COUNTRIES)`, [
      { field: 'recipient.phone', message: `country ${country ?? 'unknown'} is not on this Signet's SMS allow-list` }
    ]);
  }
  return country;
}

/**
 * 429 SMS_DAILY_LIMIT_REACHED once the tenant's SMS codes of the last 24 hours reach the cap, with
 * Retry-After for when the oldest of them stops counting. `sent` are their creation times, oldest first.
 */
export function assertTenantSmsAllowance(config: SmsGuardConfig, sent: readonly Date[], now: Date): void {
  if (sent.length < config.tenantDailyLimit) return;
  const frees = (sent[sent.length - config.tenantDailyLimit] as Date).getTime() + DAY_MS;
  const retryAfter = Math.max(1, Math.ceil((frees - now.getTime()) / 1000));
  throw new AppError('SMS_DAILY_LIMIT_REACHED', `This account has sent its ${config.tenantDailyLimit} validation SMS of the last 24 hours: try again in ${retryAfter} seconds, or use email`, undefined, {
    'Retry-After': String(retryAfter)
  });
}
