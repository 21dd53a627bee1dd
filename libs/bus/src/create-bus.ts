import type { Logger } from '@signet/log';
import { createEventBus } from './event-bus';
import type { KafkaConfig } from '@signet/config';
import { createKafkaTransport } from './kafka-transport';
import { createMemoryTransport } from './memory-transport';
import type { EventBus } from './types';

export interface BusOptions {
  kafka: KafkaConfig | null;
  retry: { initialMs: number; maxMs: number };
  log: Logger;
}

/** Kafka when brokers are configured, else the in-memory bus (only valid when one process runs every part). */
export function createBus(options: BusOptions): EventBus {
  const transport = options.kafka ? createKafkaTransport({ ...options.kafka, log: options.log }) : createMemoryTransport();
  return createEventBus(transport, { log: options.log, retry: options.retry });
}
