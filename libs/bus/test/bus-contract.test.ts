import { dlqTopicFor } from '@signet/contracts';
import { createLogger } from '@signet/log';
import { MockBroker, startMockBroker, waitFor } from '@signet/testkit';
import { randomUUID } from 'node:crypto';
import {
  ConsumedEvent, createEventBus, createKafkaTransport, createMemoryTransport, DLQ_HEADERS, EventBus, PoisonEventError, Transport, WireRecord
} from '../src';
import { emailSent, sequenceOf } from './sample-events';

const log = createLogger({ level: 'silent' });
const retry = { initialMs: 20, maxMs: 100 };

interface Harness {
  transport(): Transport;
  close(): Promise<void>;
}

function memoryHarness(): Harness {
  const shared = createMemoryTransport();
  return { transport: () => shared, close: async () => undefined };
}

async function kafkaHarness(): Promise<Harness> {
  const broker: MockBroker = await startMockBroker();
  return {
    transport: () => createKafkaTransport({
      brokers: broker.brokers, clientId: 'bus-contract', connectionTimeoutMs: 1000, requestTimeoutMs: 5000,
      sessionTimeoutMs: 10000, heartbeatIntervalMs: 500, fetchMaxWaitMs: 100, log
    }),
    close: () => broker.stop()
  };
}

/** The same contract for both buses: what a service may rely on whichever it runs on. */
describe.each([
  ['in-memory', async () => memoryHarness()],
  ['Kafka (librdkafka mock cluster)', kafkaHarness]
])('EventBus on %s', (_name, makeHarness) => {
  let harness: Harness;
  const buses: EventBus[] = [];
  const stopAfter: Transport[] = [];

  function bus(): EventBus {
    const created = createEventBus(harness.transport(), { log, retry });
    buses.push(created);
    return created;
  }

  function collect(target: EventBus, groupId: string, handle?: (event: ConsumedEvent) => Promise<void>): ConsumedEvent[] {
    const received: ConsumedEvent[] = [];
    target.subscribe({
      groupId,
      topics: ['recipient.email_sent'],
      handle: async (event) => {
        if (handle) await handle(event);
        received.push(event);
      }
    });
    return received;
  }

  beforeEach(async () => {
    harness = await makeHarness();
  });

  afterEach(async () => {
    await Promise.all([...buses.splice(0), ...stopAfter.splice(0)].map((created) => created.stop()));
    await harness.close();
  });

  it('delivers every event to every consumer group, with its headers', async () => {
    const producer = bus();
    const consumer = bus();
    const first = collect(consumer, `g1-${randomUUID()}`);
    const second = collect(consumer, `g2-${randomUUID()}`);
    await consumer.start();
    await producer.publish([emailSent('env-1', 1), emailSent('env-2', 2)]);
    await waitFor(() => first.length === 2 && second.length === 2, 20000, 'both groups');
    expect(first.map((event) => event.event.event_type)).toEqual(['recipient.email_sent', 'recipient.email_sent']);
    expect(first[0]?.headers).toMatchObject({ tenantId: 'acme', apiKeyId: 'key-1', requestId: 'req_1' });
    expect(new Set(first.map((event) => event.key))).toEqual(new Set(['env-1', 'env-2']));
  });

  it('keeps per-key order and redelivers an event whose handler failed (at-least-once)', async () => {
    const producer = bus();
    const consumer = bus();
    let failuresLeft = 2;
    const received = collect(consumer, `order-${randomUUID()}`, async (event) => {
      if (sequenceOf(event.event) === 3 && failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('temporary failure');
      }
    });
    await consumer.start();
    const events = [];
    for (let sequence = 1; sequence <= 10; sequence += 1) events.push(emailSent(sequence % 2 === 0 ? 'env-even' : 'env-odd', sequence));
    await producer.publish(events);
    await waitFor(() => received.length >= 10, 20000, 'ten events');
    expect(failuresLeft).toBe(0);
    const odd = received.filter((event) => event.key === 'env-odd').map((event) => sequenceOf(event.event));
    const even = received.filter((event) => event.key === 'env-even').map((event) => sequenceOf(event.event));
    expect(odd).toEqual([1, 3, 5, 7, 9]);
    expect(even).toEqual([2, 4, 6, 8, 10]);
  });

  it('sends poison events to <topic>.dlq and goes on with the next one', async () => {
    const producer = bus();
    const consumer = bus();
    const raw = harness.transport();
    stopAfter.push(raw);
    const dead: WireRecord[] = [];
    await raw.consume(`dlq-${randomUUID()}`, [dlqTopicFor('recipient.email_sent')], async (record) => {
      dead.push(record);
    });
    const received = collect(consumer, `poison-${randomUUID()}`, async (event) => {
      if (sequenceOf(event.event) === 2) throw new PoisonEventError('unknown tenant');
    });
    await consumer.start();
    const broken: WireRecord = { topic: 'recipient.email_sent', key: 'env-1', value: '{"id":"x","event_type":"recipient.email_sent","data":{}}', headers: { 'signet-tenant-id': 'acme', 'signet-occurred-at': new Date().toISOString() } };
    await raw.send([broken]);
    await producer.publish([emailSent('env-1', 2), emailSent('env-1', 3)]);
    await waitFor(() => received.length === 1 && dead.length === 2, 20000, 'dead letters');
    expect(received.map((event) => sequenceOf(event.event))).toEqual([3]);
    expect(dead[0]?.headers[DLQ_HEADERS.error]).toMatch(/breaks its contract/);
    expect(dead[1]?.headers[DLQ_HEADERS.error]).toBe('unknown tenant');
    expect(dead[1]?.headers[DLQ_HEADERS.sourceTopic]).toBe('recipient.email_sent');
  });

  it('refuses to publish an event that breaks its contract', async () => {
    const producer = bus();
    const event = emailSent('env-1', 1);
    await expect(producer.publish([{ ...event, event: { ...event.event, data: {} } as typeof event.event }])).rejects.toThrow(/breaks its contract/);
  });
});
