import { EVENT_TYPES, type EventType } from './event-types';

/** Topics are named exactly as their events, so an operator reading Kafka sees the names integrators see. */
export function topicFor<T extends EventType>(eventType: T): T {
  return eventType;
}

export function dlqTopicFor<T extends string>(topic: T): `${T}.dlq` {
  return `${topic}.dlq`;
}

export const ALL_TOPICS: readonly EventType[] = EVENT_TYPES.map(topicFor);
