import type { EventType, AnySignetEvent } from '@signet/contracts';
import type { Sent } from './transport';

/** The facts every event carries beside its payload, as Kafka headers. */
export interface EventHeaders {
  tenantId: string;
  apiKeyId: string | null;
  occurredAt: string;
  requestId: string | null;
}

/** An event on its way to the broker: the message key is the envelope id (per-envelope order). */
export interface OutgoingEvent {
  topic: string;
  key: string;
  event: AnySignetEvent;
  headers: EventHeaders;
}

/** An event as a consumer receives it, already validated against its contract. */
export interface ConsumedEvent {
  topic: string;
  key: string;
  event: AnySignetEvent;
  headers: EventHeaders;
}

export interface Subscription {
  /** Consumers with the same group id share the work; each group sees every event. */
  groupId: string;
  topics: readonly EventType[];
  handle(event: ConsumedEvent): Promise<void>;
}

export interface EventBus {
  /** False for the in-memory bus: events not yet handled when the process stops are gone with it. */
  keepsEvents: boolean;
  /**
   * Resolves once the bus has the events; see Sent for when they have also been handled. An event that
   * breaks its contract fails the whole call, unless `deadLetterInvalidAs` is given: then it goes to
   * `<topic>.dlq` with the reason, and that name as where it failed, and the others go on.
   */
  publish(events: OutgoingEvent[], options?: { deadLetterInvalidAs?: string }): Promise<Sent>;
  subscribe(subscription: Subscription): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  check(): Promise<void>;
}

/** Thrown by a handler for an event that can never succeed (unknown tenant, impossible state): it goes to the DLQ. */
export class PoisonEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PoisonEventError';
  }
}
