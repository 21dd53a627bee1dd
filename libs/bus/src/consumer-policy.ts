import type { AnySignetEvent } from '@signet/contracts';
import type { Logger } from '@signet/log';
import { countConsumed } from '@signet/metrics';
import { sleep } from './sleep';
import type { Transport, WireRecord } from './transport';
import { PoisonEventError, Subscription } from './types';
import { checkedEvent, deadLetterRecord, headersOf, InvalidEventError, parseWireValue } from './wire-format';

export interface RetryPolicy {
  initialMs: number;
  maxMs: number;
}

export class ConsumerStoppedError extends Error {
  constructor() {
    super('consumer stopped before the event was handled');
  }
}

/**
 * Wraps a subscription's handler with the consumer error policy: an event that breaks its contract or
 * that the handler declares poison goes to `<topic>.dlq` with the reason in its headers; any other
 * failure is retried with capped exponential back-off, the record staying uncommitted, until it
 * succeeds or the bus stops.
 */
export function recordHandler(subscription: Subscription, transport: Transport, retry: RetryPolicy, log: Logger, stopping: AbortSignal) {
  async function deadLetter(record: WireRecord, reason: string): Promise<void> {
    countConsumed(subscription.groupId, record.topic, 'dead_lettered');
    log.error({ topic: record.topic, key: record.key, group: subscription.groupId, reason }, 'event sent to the dead-letter topic');
    await transport.send([deadLetterRecord(record, reason, subscription.groupId)]);
  }

  return async (record: WireRecord): Promise<void> => {
    let consumed;
    try {
      const event = parseWireValue(record);
      consumed = { topic: record.topic, key: record.key, headers: headersOf(record), event: record.checked ? (event as AnySignetEvent) : checkedEvent(record.topic, event) };
    } catch (error) {
      if (!(error instanceof InvalidEventError)) throw error;
      await deadLetter(record, error.message);
      return;
    }
    for (let attempt = 0; ; attempt += 1) {
      if (stopping.aborted) throw new ConsumerStoppedError();
      try {
        await subscription.handle(consumed);
        countConsumed(subscription.groupId, record.topic, 'handled', consumed.headers.occurredAt);
        return;
      } catch (error) {
        if (error instanceof PoisonEventError) {
          await deadLetter(record, error.message);
          return;
        }
        countConsumed(subscription.groupId, record.topic, 'retried');
        const delay = Math.min(retry.maxMs, retry.initialMs * 2 ** Math.min(attempt, 20));
        log.warn({ err: error, topic: record.topic, event_id: consumed.event.id, group: subscription.groupId, attempt: attempt + 1, retry_in_ms: delay }, 'event handler failed; retrying');
        await sleep(delay, stopping);
      }
    }
  };
}
