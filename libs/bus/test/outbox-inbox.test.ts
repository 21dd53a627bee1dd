import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { openDatabase } from '@signet/db';
import { createLogger } from '@signet/log';
import { createTestDatabase, MockBroker, startMockBroker, TestDatabase, waitFor } from '@signet/testkit';
import { dlqTopicFor } from '@signet/contracts';
import {
  busMigrations, consumeOnce, ConsumedEvent, createEventBus, createKafkaTransport, createOutboxRelay, DLQ_HEADERS, EventBus, OutboxRelay, WireRecord, writeOutboxEvent
} from '../src';
import { emailSent, headers, sequenceOf } from './sample-events';

const log = createLogger({ level: 'silent' });

const effectsMigration = {
  name: 'test_0001_effects',
  async up(knex: Knex) {
    await knex.schema.createTable('effects', (table) => {
      table.increments('id');
      table.text('event_id').notNullable();
    });
  }
};

describe('outbox and inbox on PostgreSQL and Kafka', () => {
  let database: TestDatabase;
  let db: Knex;
  let broker: MockBroker;
  const stoppables: Array<{ stop(): Promise<void> }> = [];

  const kafkaOptions = (clientId: string) => ({
    brokers: broker.brokers, clientId, connectionTimeoutMs: 500, requestTimeoutMs: 2000,
    sessionTimeoutMs: 10000, heartbeatIntervalMs: 500, fetchMaxWaitMs: 100, log
  });

  function kafkaBus(): EventBus {
    const bus = createEventBus(createKafkaTransport(kafkaOptions('outbox-test')), { log, retry: { initialMs: 20, maxMs: 100 } });
    stoppables.push(bus);
    return bus;
  }

  function relay(bus: EventBus, pollIntervalMs = 50): OutboxRelay {
    const created = createOutboxRelay({ db, bus, log, pollIntervalMs, batchSize: 10 });
    stoppables.push(created);
    created.start();
    return created;
  }

  function collect(bus: EventBus, onEvent?: (event: ConsumedEvent) => Promise<void>): ConsumedEvent[] {
    const received: ConsumedEvent[] = [];
    bus.subscribe({ groupId: `test-${randomUUID()}`, topics: ['recipient.email_sent'], handle: async (event) => {
      await onEvent?.(event);
      received.push(event);
    } });
    return received;
  }

  const unpublished = async (): Promise<number> => Number((await db('outbox').whereNull('published_at').count({ n: '*' }))[0]?.n);

  async function writeEvents(keys: string[], from: number): Promise<void> {
    await db.transaction(async (trx) => {
      for (const [index, key] of keys.entries()) {
        const sample = emailSent(key, from + index);
        await writeOutboxEvent(trx, {
          eventType: 'recipient.email_sent',
          key,
          data: sample.event.data as never,
          context: { tenantId: 'acme', apiKeyId: 'key-1', requestId: 'req_1' }
        });
      }
    });
  }

  beforeEach(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url, schema: 'bus_test', migrations: [...busMigrations, effectsMigration] });
    broker = await startMockBroker();
  });

  afterEach(async () => {
    await Promise.all(stoppables.splice(0).map((item) => item.stop()));
    await db.destroy();
    await broker.stop();
    await database.drop();
  });

  it('publishes events written while the broker was down once it is back: nothing lost, order kept', async () => {
    const consumerBus = kafkaBus();
    const received = collect(consumerBus);
    await consumerBus.start();

    await broker.down();
    await writeEvents(['env-1', 'env-1', 'env-1'], 1);
    const bus = kafkaBus();
    let tries = 0;
    relay({ ...bus, publish: (events) => {
      tries += 1;
      return bus.publish(events);
    } });
    // The relay tries one batch at a time: its second try starts once the first has failed and that
    // transaction has ended, so whatever the first try did to the rows is committed by then.
    await waitFor(async () => tries >= 2 || (await unpublished()) < 3, 30000, 'the relay to try a second time');
    expect(await unpublished()).toBe(3);

    await broker.up();
    await waitFor(() => received.length === 3, 30000, 'the three events after the broker came back');
    expect(received.map((event) => sequenceOf(event.event))).toEqual([1, 2, 3]);
    expect(received[0]?.headers).toMatchObject({ tenantId: 'acme', apiKeyId: 'key-1', requestId: 'req_1' });
    expect(await unpublished()).toBe(0);
  });

  it('lets two relays share one outbox without publishing an event twice or out of order', async () => {
    const consumerBus = kafkaBus();
    const received = collect(consumerBus);
    await consumerBus.start();
    const relays = [relay(kafkaBus()), relay(kafkaBus())];
    await writeEvents(Array.from({ length: 30 }, () => 'env-1'), 1);
    await waitFor(() => received.length >= 30, 30000, 'thirty events');
    // Stopped, the relays have nothing more in flight: all they published is on the broker, before an
    // event published now on the same topic and key, which the consumer therefore receives after all of it.
    await Promise.all(relays.map((each) => each.stop()));
    await kafkaBus().publish([emailSent('env-1', 31)]);
    await waitFor(() => received.some((event) => sequenceOf(event.event) === 31), 30000, 'the event published after the relays stopped');
    expect(received.map((event) => sequenceOf(event.event))).toEqual(Array.from({ length: 31 }, (_, index) => index + 1));
  });

  it('wakes on commit: a relay that would next poll in ten minutes publishes a write from another connection', async () => {
    const consumerBus = kafkaBus();
    const received = collect(consumerBus);
    await consumerBus.start();
    relay(kafkaBus(), 600_000);
    await waitFor(async () => (await db.raw("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN \"signet_outbox\"'")).rows[0].n > 0, 20000, 'the relay listening');
    const writer = await openDatabase({ url: database.url, schema: 'bus_test', migrations: [...busMigrations, effectsMigration] });
    try {
      await writer.transaction(async (trx) => {
        const sample = emailSent('env-1', 1);
        await writeOutboxEvent(trx, { eventType: 'recipient.email_sent', key: 'env-1', data: sample.event.data as never, context: { tenantId: 'acme', apiKeyId: null, requestId: null } });
      });
      await waitFor(() => received.length === 1, 30000, 'the event written after the relay went to sleep');
    } finally {
      await writer.destroy();
    }
  });

  it('publishes a write whose NOTIFY was lost with its listening connection, once that connection is back, not at its next poll', async () => {
    const consumerBus = kafkaBus();
    const received = collect(consumerBus);
    await consumerBus.start();
    relay(kafkaBus(), 600_000);
    const listening = "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN \"signet_outbox\"'";
    await waitFor(async () => (await db.raw(listening)).rows.length > 0, 20000, 'the relay listening');
    await db.transaction(async (trx) => {
      const sample = emailSent('env-1', 1);
      await writeOutboxEvent(trx, { eventType: 'recipient.email_sent', key: 'env-1', data: sample.event.data as never, context: { tenantId: 'acme', apiKeyId: null, requestId: null } });
      // The listening connection is gone (waited for) before this transaction commits and sends its NOTIFY.
      await trx.raw(`SELECT pg_terminate_backend(pid, 10000) FROM (${listening}) AS listener`);
    });
    await waitFor(() => received.length === 1, 30000, 'the event whose NOTIFY nobody heard');
  });

  it('sends an outbox row that breaks its contract to <topic>.dlq and publishes the rows after it', async () => {
    const consumerBus = kafkaBus();
    const received = collect(consumerBus);
    await consumerBus.start();
    const raw = createKafkaTransport(kafkaOptions('outbox-dlq'));
    stoppables.push(raw);
    const dead: WireRecord[] = [];
    await raw.consume(`dlq-${randomUUID()}`, [dlqTopicFor('recipient.email_sent')], async (record) => {
      dead.push(record);
    });
    await writeEvents(['env-1'], 1);
    // As another version of Signet might have written it: valid then, not under this contract.
    const broken = { id: randomUUID(), event_type: 'recipient.email_sent', data: { envelope_id: 'env-1' } };
    await db('outbox').insert({ event_id: broken.id, topic: 'recipient.email_sent', key: 'env-1', payload: broken, headers: headers() });
    await writeEvents(['env-1'], 3);
    relay(kafkaBus());
    await waitFor(() => received.length === 2 && dead.length === 1, 30000, 'two events and one dead letter');
    expect(received.map((event) => sequenceOf(event.event))).toEqual([1, 3]);
    expect(JSON.parse(dead[0]?.value as string)).toEqual(broken);
    expect(dead[0]?.headers).toMatchObject({
      [DLQ_HEADERS.error]: expect.stringMatching(/breaks its contract/), [DLQ_HEADERS.sourceTopic]: 'recipient.email_sent',
      [DLQ_HEADERS.consumerGroup]: 'outbox-relay', 'signet-tenant-id': 'acme'
    });
    expect(await unpublished()).toBe(0);
  });

  it('applies a redelivered event once (inbox)', async () => {
    const producer = kafkaBus();
    const consumerBus = kafkaBus();
    const received = collect(consumerBus, async (event) => {
      await consumeOnce(db, 'effects-writer', event.event.id, async (trx) => {
        await trx('effects').insert({ event_id: event.event.id });
      });
    });
    await consumerBus.start();
    const event = emailSent('env-1', 1);
    await producer.publish([event]);
    await producer.publish([event]);
    await waitFor(() => received.length === 2, 20000, 'both deliveries');
    expect(await db('effects').select('event_id')).toEqual([{ event_id: event.event.id }]);
  });
});
