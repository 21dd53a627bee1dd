import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { EventData, EventType, AnySignetEvent, topicFor } from '@signet/contracts';
import type { EventHeaders } from './types';
import { checkedEvent } from './wire-format';

/** The channel on which a committed outbox write wakes the relays; the payload is the writer's schema. */
export const OUTBOX_CHANNEL = 'signet_outbox';

export interface EventContext {
  tenantId: string;
  apiKeyId: string | null;
  requestId: string | null;
}

export interface NewEvent<T extends EventType> {
  eventType: T;
  /** The message key: the envelope id for envelope and recipient events (per-envelope order). */
  key: string;
  data: EventData<T>;
  context: EventContext;
  occurredAt?: Date;
}

export interface NewOutboxRow {
  event_id: string;
  topic: string;
  key: string;
  payload: string;
  headers: string;
}

/** The checked event and the outbox row that records it; throws if the event breaks its contract. */
export function outboxRowFor<T extends EventType>(input: NewEvent<T>): { event: AnySignetEvent; row: NewOutboxRow } {
  const topic = topicFor(input.eventType);
  const event = checkedEvent(topic, { id: uuidv7(), event_type: input.eventType, data: input.data });
  const headers: EventHeaders = {
    tenantId: input.context.tenantId,
    apiKeyId: input.context.apiKeyId,
    requestId: input.context.requestId,
    occurredAt: (input.occurredAt ?? new Date()).toISOString()
  };
  return { event, row: { event_id: event.id, topic, key: input.key, payload: JSON.stringify(event), headers: JSON.stringify(headers) } };
}

/**
 * Records an event in the outbox inside the caller's transaction, so the state change and the fact
 * that it happened commit together; the relay publishes it later (the insert wakes it on commit, see
 * bus_0003_outbox_notify). Throws if the event breaks its contract.
 */
export async function writeOutboxEvent<T extends EventType>(trx: Knex.Transaction, input: NewEvent<T>): Promise<AnySignetEvent> {
  const { event, row } = outboxRowFor(input);
  await trx('outbox').insert(row);
  return event;
}
