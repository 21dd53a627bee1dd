import type { Logger } from '@signet/log';
import { countPublished } from '@signet/metrics';
import { recordHandler, RetryPolicy } from './consumer-policy';
import type { Transport } from './transport';
import type { EventBus, OutgoingEvent, Subscription } from './types';
import { toWireRecord } from './wire-format';

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
    async publish(events: OutgoingEvent[]) {
      if (events.length === 0) return { handled: transport.keepsRecords ? null : Promise.resolve() };
      const sent = await transport.send(events.map(toWireRecord));
      for (const event of events) countPublished(event.topic, 1);
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
