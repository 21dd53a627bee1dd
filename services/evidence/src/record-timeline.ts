import type { ConsumedEvent, Subscription } from '@signet/bus';
import { EVENT_TYPES, type EventType } from '@signet/contracts';
import type { Knex } from 'knex';
import { timelineStore } from './timeline-store';

const CONSUMER = 'evidence-timeline';

/** Every envelope.* and recipient.* event, delivered to webhooks or internal. */
export const TIMELINE_EVENT_TYPES: readonly EventType[] = EVENT_TYPES.filter((type) => type.startsWith('envelope.') || type.startsWith('recipient.'));

/**
 * The evidence service's own record of what happened to an envelope: one timeline row per event
 * (idempotent through the inbox, in the same statement), the latest envelope snapshot from envelope events. Its own
 * envelope.evidence_generated is recorded but does not make the evidence stale (it would loop).
 */
export function recordTimeline(deps: { db: Knex }): Subscription {
  async function handle({ event, headers }: ConsumedEvent): Promise<void> {
    const data = event.data as Record<string, unknown>;
    const isEnvelopeEvent = event.event_type.startsWith('envelope.');
    const snapshot = isEnvelopeEvent && Array.isArray(data.documents) ? stripEvidenceFields(data) : null;
    if (!isEnvelopeEvent && typeof data.envelope_id !== 'string') return;
    if (isEnvelopeEvent && snapshot === null) return; // envelope.file_uploaded has no envelope object
    const bumpsVersion = event.event_type !== 'envelope.evidence_generated';
    await timelineStore.recordOnce(deps.db, CONSUMER, headers.tenantId, {
      event_id: event.id,
      event_type: event.event_type,
      occurred_at: new Date(headers.occurredAt),
      recipient_id: isEnvelopeEvent ? null : String(data.id),
      recipient_name: isEnvelopeEvent ? null : stringOrNull(data.name),
      recipient_email: isEnvelopeEvent ? null : stringOrNull(data.email),
      ip_address: stringOrNull(data.ip_address),
      user_agent: stringOrNull(data.user_agent),
      details: isEnvelopeEvent ? envelopeDetailsOf(event.event_type, data) : detailsOf(data)
    }, { bumpsVersion, snapshot, apiKeyId: headers.apiKeyId });
    // Evidence never rendered has nothing to go stale (it is rendered whole when first asked for); rendered
    // evidence gets its re-render job from the same statement.
  }
  return { groupId: 'signet.evidence.timeline', topics: TIMELINE_EVENT_TYPES, handle };
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** An envelope event's status, and on a void the sender's reason when one was given. */
function envelopeDetailsOf(eventType: string, data: Record<string, unknown>): Record<string, unknown> {
  const reason = eventType === 'envelope.voided' ? data.void_reason : undefined;
  return typeof reason === 'string' ? { status: data.status, reason } : { status: data.status };
}

function detailsOf(data: Record<string, unknown>): Record<string, unknown> {
  const details: Record<string, unknown> = { envelope_id: data.envelope_id, status: data.status };
  if (data.reason !== undefined) details.reason = data.reason;
  if (data.validation !== undefined) details.validation = data.validation;
  for (const key of ['tax_id', 'rep_id', 'signed_at', 'authentication', 'role', 'consumer_consent']) if (data[key] !== undefined) details[key] = data[key];
  return details;
}

function stripEvidenceFields(data: Record<string, unknown>): Record<string, unknown> {
  const { evidence_document_url: _url, evidence_generated_at: _at, ...envelope } = data;
  return envelope;
}
