import type { Logger } from '@signet/log';
import { countPublished } from '@signet/metrics';
import { recordHandler, RetryPolicy } from './consumer-policy';
import type { Transport } from './transport';
import type { EventBus, OutgoingEvent, Subscription } from './types';
import { DLQ_HEADERS, toWireRecord, toWireRecordOrDeadLetter } from './wire-format';

/**
 * The EventBus over any transport: validates events against their contracts on publish and consume,
 * and applies the consumer error policy. Subscriptions start consuming on start().
 */
export function createEventBus(transport: Transport, options: { log: Logger; retry: RetryPolicy }): EventBus {
  const subscriptions: Subscription[] = [];
  const stopping = new AbortController();
  let started = false;

  return {
    keepsEvents: transport.keepsRecords,
    async publish(events: OutgoingEvent[], publishOptions = {}) {
      if (events.length === 0) return { handled: transport.keepsRecords ? null : Promise.resolve() };
      const { deadLetterInvalidAs } = publishOptions;
      const records = deadLetterInvalidAs === undefined ? events.map(toWireRecord) : events.map((event) => {
        const { record, valid } = toWireRecordOrDeadLetter(event, deadLetterInvalidAs);
        if (!valid) options.log.error({ topic: event.topic, key: event.key, event_id: event.event.id, reason: record.headers[DLQ_HEADERS.error] }, 'event breaks its contract; sent to the dead-letter topic');
        return record;
      });
      const sent = await transport.send(records);
      for (const record of records) countPublished(record.topic, 1);
      return sent;
    },
    subscribe(subscription: Subscription) {
      if (started) throw new Error('subscribe before the bus starts');
      subscriptions.push(subscription);
    },
    async start() {
      started = true;
      await Promise.all(subscriptions.map((subscription) => {
        const handler = recordHandler(subscription, transport, options.retry, options.log, stopping.signal);
        return transport.consume(subscription.groupId, subscription.topics, handler);
      }));
    },
    async stop() {
      stopping.abort();
      await transport.stop();
    },
    check: () => transport.check()
  };
}
