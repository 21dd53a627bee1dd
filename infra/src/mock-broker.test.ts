import { Kafka, logLevel, type Producer } from 'kafkajs';
import { type MockBroker, startMockBroker } from './mock-broker';

const topic = 'infra.test';

function send(producer: Producer, value: string): Promise<unknown> {
  return producer.send({ topic, messages: [{ key: 'k', value }] });
}

describe('startMockBroker', () => {
  let broker: MockBroker;
  let kafka: Kafka;

  beforeAll(async () => {
    broker = await startMockBroker();
    kafka = new Kafka({
      clientId: 'infra-test',
      brokers: broker.brokers,
      logLevel: logLevel.NOTHING,
      connectionTimeout: 500,
      requestTimeout: 1000,
      retry: { retries: 0 },
    });
  });

  afterAll(() => broker.stop());

  it('carries a message from a producer to a consumer group', async () => {
    const producer = kafka.producer();
    const consumer = kafka.consumer({ groupId: 'infra-test' });
    await producer.connect();
    await send(producer, 'hello');
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });

    const received = new Promise<string | undefined>((resolve) => {
      void consumer.run({ eachMessage: async ({ message }) => resolve(message.value?.toString()) });
    });

    expect(await received).toBe('hello');
    await consumer.disconnect();
    await producer.disconnect();
  });

  it('fails produce fast while down and recovers after up', async () => {
    const producer = kafka.producer();
    await producer.connect();
    await send(producer, 'before');

    await broker.down();
    const startedAt = Date.now();
    await expect(send(producer, 'during')).rejects.toThrow();
    expect(Date.now() - startedAt).toBeLessThan(2000);

    await broker.up();
    await expect(send(producer, 'after')).resolves.toBeDefined();
    await producer.disconnect();
  });
});
