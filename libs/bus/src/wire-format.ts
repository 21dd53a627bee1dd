import { AnySignetEvent, EVENT_HEADERS, EventType, validateEvent } from '@signet/contracts';
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

export function toWireRecord(outgoing: OutgoingEvent): WireRecord {
  const event = checkedEvent(outgoing.topic, outgoing.event);
  // Every event carries all four headers, as the README's consumer section says; one that no request
  // caused (a background completion) or that no API key owns has them empty.
  const headers: Record<string, string> = {
    [EVENT_HEADERS.tenantId]: outgoing.headers.tenantId,
    [EVENT_HEADERS.occurredAt]: outgoing.headers.occurredAt,
    [EVENT_HEADERS.apiKeyId]: outgoing.headers.apiKeyId ?? '',
    [EVENT_HEADERS.requestId]: outgoing.headers.requestId ?? ''
  };
  return { topic: outgoing.topic, key: outgoing.key, value: JSON.stringify(event), headers };
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
