import { SMS_DELIVERY_STATUSES, type SmsDeliveryStatus } from '@signet/contracts';

const FINAL: ReadonlySet<string> = new Set<SmsDeliveryStatus>(['delivered', 'undelivered', 'failed', 'canceled']);

/** Where a status stands in a message's life; a status Signet does not know (an older provider's) stands first. */
const rank = (status: string | null): number => SMS_DELIVERY_STATUSES.indexOf(status as SmsDeliveryStatus);

/** Whether no later report may change this status. */
export const isFinalStatus = (status: string | null): boolean => status !== null && FINAL.has(status);

/**
 * The status to store when the provider reports `reported` for a message stored at `stored`, or null to
 * keep what is stored. Reports arrive out of order and more than once: a status only moves forward, and
 * the first final one stays.
 */
export function advancedStatus(stored: string | null, reported: SmsDeliveryStatus): SmsDeliveryStatus | null {
  if (isFinalStatus(stored)) return null;
  return rank(reported) > rank(stored) ? reported : null;
}
