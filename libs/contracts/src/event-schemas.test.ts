import { EVENT_DATA_SCHEMAS } from './event-schemas';
import { EVENT_TYPES, INTERNAL_EVENT_TYPES, SPEC_EVENT_TYPES, isSpecEventType } from './event-types';
import { ALL_TOPICS, dlqTopicFor, topicFor } from './topics';

describe('event types', () => {
  it('lists the API\'s 20 events, each with a data schema', () => {
    expect(SPEC_EVENT_TYPES).toHaveLength(20);
    expect(new Set(SPEC_EVENT_TYPES).size).toBe(20);
    for (const eventType of SPEC_EVENT_TYPES) expect(EVENT_DATA_SCHEMAS[eventType]).toBeDefined();
  });

  it('has a data schema for every internal event too', () => {
    for (const eventType of INTERNAL_EVENT_TYPES) expect(EVENT_DATA_SCHEMAS[eventType]).toBeDefined();
    expect(Object.keys(EVENT_DATA_SCHEMAS).sort()).toEqual([...EVENT_TYPES].sort());
  });

  it('tells the API\'s events from internal ones', () => {
    expect(isSpecEventType('recipient.signed_all')).toBe(true);
    expect(isSpecEventType('settings.updated')).toBe(false);
    expect(isSpecEventType('envelope.created')).toBe(false);
  });
});

describe('topics', () => {
  it('names topics exactly as events, with a .dlq sibling', () => {
    expect(topicFor('envelope.success')).toBe('envelope.success');
    expect(dlqTopicFor('envelope.success')).toBe('envelope.success.dlq');
    expect(ALL_TOPICS).toEqual(EVENT_TYPES);
  });
});
