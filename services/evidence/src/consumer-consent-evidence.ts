import { type Language, translator } from '@signet/i18n';
import type { TimelineEntry } from './timeline-store';

type Obj = Record<string, unknown>;

/**
 * A recipient's consent to electronic records and signatures (signature_flow.consumer_consent), as the
 * sheet lists it under them: the disclosure version and when it was given, from recipient.consented;
 * null for a recipient who was not asked. (A withdrawal voids the envelope, so it never reaches a sheet:
 * the timeline keeps it.)
 */
export function consumerConsentLine(own: TimelineEntry[], language: Language, time: (value: unknown) => string): [string, string] | null {
  const consented = own.find((entry) => entry.event_type === 'recipient.consented');
  if (!consented) return null;
  const details = (consented.details.consumer_consent ?? {}) as Obj;
  const t = translator(language);
  const given = t('consumerConsent.evidence.given', { version: String(details.disclosure_version ?? '-'), time: time(details.consented_at ?? consented.occurred_at) });
  return [t('consumerConsent.evidence.label'), given];
}
