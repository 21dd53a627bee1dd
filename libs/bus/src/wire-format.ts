import { AnySignetEvent, dlqTopicFor, EVENT_HEADERS, EventType, validateEvent } from '@signet/contracts';
import type { EventHeaders, OutgoingEvent } from './types';
import type { WireRecord } from './transport';

export class InvalidEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidEventError';
  }
}

/** Validates an event against its contract and returns it, or throws InvalidEventError. */
export function checkedEvent(topic: string, event: unknown): AnySignetEvent {
  const result = validateEvent(topic as EventType, event);
  if (!result.valid) {
    const reasons = result.details.map((detail) => `${detail.field || '(event)'} ${detail.message}`).join('; ');
    throw new InvalidEventError(`event on ${topic} breaks its contract: ${reasons}`);
  }
  return event as AnySignetEvent;
}

export const DLQ_HEADERS = {
  error: 'signet-dlq-error',
  sourceTopic: 'signet-dlq-source-topic',
  consumerGroup: 'signet-dlq-consumer-group',
  failedAt: 'signet-dlq-failed-at'
} as const;

// Every event carries all four headers, as docs/integrating.md's Kafka section says; one that no request
// caused (a background completion) or that no API key owns has them empty.
function wireHeaders(headers: EventHeaders): Record<string, string> {
  return {
    [EVENT_HEADERS.tenantId]: headers.tenantId,
    [EVENT_HEADERS.occurredAt]: headers.occurredAt,
    [EVENT_HEADERS.apiKeyId]: headers.apiKeyId ?? '',
    [EVENT_HEADERS.requestId]: headers.requestId ?? ''
  };
}

export function toWireRecord(outgoing: OutgoingEvent): WireRecord {
  const event = checkedEvent(outgoing.topic, outgoing.event);
  return { topic: outgoing.topic, key: outgoing.key, value: JSON.stringify(event), headers: wireHeaders(outgoing.headers), checked: true };
}

/** The record as `<topic>.dlq` takes it: as it was, with why and where it failed in its headers. */
export function deadLetterRecord(record: WireRecord, reason: string, failedIn: string): WireRecord {
  return {
    topic: dlqTopicFor(record.topic),
    key: record.key,
    value: record.value,
    headers: {
      ...record.headers,
      [DLQ_HEADERS.error]: reason.slice(0, 2000),
      [DLQ_HEADERS.sourceTopic]: record.topic,
      [DLQ_HEADERS.consumerGroup]: failedIn,
      [DLQ_HEADERS.failedAt]: new Date().toISOString()
    }
  };
}

/**
 * The event's record, or, if it breaks its contract, its dead letter: the event as it was, under
 * `<topic>.dlq`, with the reason and `failedIn` in its headers.
 */
export function toWireRecordOrDeadLetter(outgoing: OutgoingEvent, failedIn: string): { record: WireRecord; valid: boolean } {
  try {
    return { record: toWireRecord(outgoing), valid: true };
  } catch (error) {
    if (!(error instanceof InvalidEventError)) throw error;
    const record = { topic: outgoing.topic, key: outgoing.key, value: JSON.stringify(outgoing.event), headers: wireHeaders(outgoing.headers) };
    return { record: deadLetterRecord(record, error.message, failedIn), valid: false };
  }
}

export function headersOf(record: WireRecord): EventHeaders {
  const tenantId = record.headers[EVENT_HEADERS.tenantId];
  const occurredAt = record.headers[EVENT_HEADERS.occurredAt];
  if (!tenantId) throw new InvalidEventError(`event on ${record.topic} has no ${EVENT_HEADERS.tenantId} header`);
  if (!occurredAt) throw new InvalidEventError(`event on ${record.topic} has no ${EVENT_HEADERS.occurredAt} header`);
  return {
    tenantId,
    occurredAt,
    apiKeyId: record.headers[EVENT_HEADERS.apiKeyId] || null,
    requestId: record.headers[EVENT_HEADERS.requestId] || null
  };
}

export function parseWireValue(record: WireRecord): unknown {
  try {
    return JSON.parse(record.value);
  } catch {
    throw new InvalidEventError(`event on ${record.topic} is not JSON`);
  }
}
