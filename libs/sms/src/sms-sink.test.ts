import express from 'express';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createSmsSink } from './sms-sink';
import { smsSinkRoutes } from './sms-sink-routes';

describe('the SMS sink and its /dev/sms page', () => {
  it('keeps messages newest first, bounded', async () => {
    const sink = createSmsSink({ keep: 2 });
    for (const body of ['1', '2', '3']) await sink.send({ to: '+34612345678', body });
    expect(sink.messages().map((sms) => sms.body)).toEqual(['3', '2']);
  });

  it('records each message delivered at once, as a provider would report it', async () => {
    const sink = createSmsSink();
    const sent = await sink.send({ to: '+34612345678', body: 'x' });
    expect(sent).toEqual({ providerMessageId: `sink-${sink.messages()[0]?.id}`, status: 'delivered' });
    expect(sink.messages()[0]?.status).toBe('delivered');
  });

  it('answers JSON to Accept: application/json and escaped HTML otherwise, each with its status', async () => {
    const sink = createSmsSink();
    await sink.send({ to: '+34612345678', body: '<b>123456</b> is your code' });
    const server = express().use('/dev/sms', smsSinkRoutes(sink)).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dev/sms`;
    try {
      const json = await fetch(base, { headers: { accept: 'application/json' } });
      expect(json.headers.get('content-type')).toMatch(/application\/json/);
      expect(await json.json()).toEqual({ messages: [{ id: expect.any(String), to: '+34612345678', body: '<b>123456</b> is your code', received_at: expect.any(String), status: 'delivered' }] });

      const html = await fetch(base, { headers: { accept: 'text/html' } });
      expect(html.headers.get('content-type')).toMatch(/text\/html/);
      const page = await html.text();
      expect(page).toContain('&lt;b&gt;123456&lt;/b&gt; is your code');
      expect(page).not.toContain('<b>123456</b>');
      expect(page).toContain('<td>delivered</td>');
    } finally {
      server.close();
    }
  });
});
