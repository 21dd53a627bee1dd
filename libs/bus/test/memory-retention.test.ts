import { createLogger } from '@signet/log';
import { waitFor } from '@signet/testkit';
import { createEventBus, createMemoryTransport, ConsumedEvent } from '../src';
import { emailSent } from './sample-events';

const log = createLogger({ level: 'silent' });

/** A monolith runs for weeks on the in-memory bus: events every group has consumed must not stay in memory. */
describe('in-memory bus retention', () => {
  it('drops what every group has consumed, keeps what a slower group has not, and loses nothing', async () => {
    const transport = createMemoryTransport();
    const bus = createEventBus(transport, { log, retry: { initialMs: 5, maxMs: 20 } });
    const fast: ConsumedEvent[] = [];
    const slow: ConsumedEvent[] = [];
    let releaseSlow = (): void => undefined;
    const slowGate = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    bus.subscribe({ groupId: 'fast', topics: ['recipient.email_sent'], handle: async (event) => { fast.push(event); } });
    bus.subscribe({ groupId: 'slow', topics: ['recipient.email_sent'], handle: async (event) => {
      await slowGate;
      slow.push(event);
    } });
    await bus.start();
    try {
      await bus.publish(Array.from({ length: 50 }, (_, index) => emailSent('env-1', index + 1)));
      await waitFor(() => fast.length === 50, 10000, 'the fast group to read all fifty');
      expect(transport.retained('recipient.email_sent')).toBe(50);

      releaseSlow();
      await waitFor(() => slow.length === 50, 10000, 'the slow group to read all fifty');
      await waitFor(() => transport.retained('recipient.email_sent') === 0, 10000, 'the consumed records dropped');
    } finally {
      await bus.stop();
    }
  });

  it('says when every group has handled what was sent, and only then', async () => {
    const transport = createMemoryTransport();
    const bus = createEventBus(transport, { log, retry: { initialMs: 5, maxMs: 20 } });
    const fast: ConsumedEvent[] = [];
    let failing = true;
    let offeredToSlow = 0;
    bus.subscribe({ groupId: 'fast', topics: ['recipient.email_sent'], handle: async (event) => { fast.push(event); } });
    bus.subscribe({ groupId: 'slow', topics: ['recipient.email_sent'], handle: async () => {
      offeredToSlow += 1;
      if (failing) throw new Error('not yet');
    } });
    await bus.start();
    try {
      const sent = await bus.publish([emailSent('env-1', 1), emailSent('env-1', 2)]);
      let handled = false;
      void sent.handled?.then(() => {
        handled = true;
      });
      await waitFor(() => fast.length === 2 && offeredToSlow > 2, 10000, 'the fast group done and the slow one retrying');
      expect(handled).toBe(false);
      failing = false;
      await sent.handled;
      expect(bus.keepsEvents).toBe(false);
    } finally {
      await bus.stop();
    }
  });

  it('keeps a bounded tail of a topic nobody consumes', async () => {
    const transport = createMemoryTransport();
    const bus = createEventBus(transport, { log, retry: { initialMs: 5, maxMs: 20 } });
    await bus.start();
    try {
      for (let batch = 0; batch < 3; batch += 1) {
        await bus.publish(Array.from({ length: 500 }, (_, index) => emailSent('env-1', batch * 500 + index + 1)));
      }
      expect(transport.retained('recipient.email_sent')).toBe(1000);
    } finally {
      await bus.stop();
    }
  });
});
