import { Consumer, IHeaders, Kafka, logLevel, LogEntry, Partitioners, Producer } from 'kafkajs';
import type { KafkaConfig } from '@signet/config';
import type { Logger } from '@signet/log';
import type { Transport, WireRecord } from './transport';

export type KafkaTransportOptions = KafkaConfig & { log: Logger };

const KAFKAJS_LEVELS: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug'
};

function headerValues(headers: IHeaders | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) result[name] = first.toString();
  }
  return result;
}

/**
 * The bus on Apache Kafka through kafkajs. The one file that knows kafkajs: a successor client
 * (Confluent's KafkaJS-compatible one, @platformatic/kafka) replaces this file only.
 */
export function createKafkaTransport(options: KafkaTransportOptions): Transport {
  const log = options.log.child({ component: 'kafka' });
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    connectionTimeout: options.connectionTimeoutMs,
    requestTimeout: options.requestTimeoutMs,
    retry: { retries: 3, initialRetryTime: 200, maxRetryTime: 5000 },
    logLevel: logLevel.WARN,
    logCreator: () => (entry: LogEntry) => {
      const { message, ...extra } = entry.log;
      log[KAFKAJS_LEVELS[entry.level] ?? 'info']({ namespace: entry.namespace, ...extra }, message);
    }
  });
  // The default partitioner hashes the key, so one envelope's events stay in one partition, in order.
  const producer: Producer = kafka.producer({ allowAutoTopicCreation: true, createPartitioner: Partitioners.DefaultPartitioner });
  const consumers: Consumer[] = [];
  let producerConnected: Promise<void> | null = null;

  function connectProducer(): Promise<void> {
    producerConnected ??= producer.connect().catch((error: unknown) => {
      producerConnected = null;
      throw error;
    });
    return producerConnected;
  }

  return {
    keepsRecords: true,
    async send(records: WireRecord[]) {
      await connectProducer();
      const byTopic = new Map<string, WireRecord[]>();
      for (const record of records) byTopic.set(record.topic, [...(byTopic.get(record.topic) ?? []), record]);
      await producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, topicRecords]) => ({
          topic,
          messages: topicRecords.map((record) => ({ key: record.key, value: record.value, headers: record.headers }))
        }))
      });
      // Acknowledged by every in-sync replica: the broker keeps them whatever happens to this process.
      return { handled: null };
    },
    async consume(groupId, topics, onRecord) {
      const consumer = kafka.consumer({
        groupId,
        sessionTimeout: options.sessionTimeoutMs,
        heartbeatInterval: options.heartbeatIntervalMs,
        maxWaitTimeInMs: options.fetchMaxWaitMs,
        allowAutoTopicCreation: true
      });
      consumers.push(consumer);
      await consumer.connect();
      await consumer.subscribe({ topics: [...topics], fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ topic, message }) => {
          await onRecord({
            topic,
            key: message.key?.toString() ?? '',
            value: message.value?.toString() ?? '',
            headers: headerValues(message.headers)
          });
        }
      });
    },
    async stop() {
      await Promise.allSettled(consumers.map((consumer) => consumer.disconnect()));
      if (producerConnected) await producer.disconnect().catch(() => undefined);
    },
    async check() {
      await connectProducer();
    }
  };
}
