import type { TimelineEntry } from './timeline-store';

/** The events of the email and SMS codes, which went by a channel. */
export const CODE_EVENT = /^recipient\.validation_(code_|max_attempts)/;

/** The channel a validation event's code went by; events from before phone validation carry none and were email. */
export function channelOf(entry: TimelineEntry): 'email' | 'sms' {
  return ((entry.details.validation ?? {}) as Record<string, unknown>).channel === 'sms' ? 'sms' : 'email';
}
