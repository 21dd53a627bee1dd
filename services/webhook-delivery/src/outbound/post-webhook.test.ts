import http, { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Resolve, systemResolve } from '@signet/outbound';
import { postWebhook, PostWebhookOptions } from './post-webhook';
import { webhookPolicy } from './webhook-policy';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A receiver on 127.0.0.1 that answers with `respond` and remembers what reached it. */
async function receiver(respond: (res: ServerResponse) => void) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      respond(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    port,
    url: `http://127.0.0.1:${port}/hook`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    })
  };
}

/** A resolver under the test's control: every name resolves to `addresses`. */
const resolvingTo = (...addresses: string[]): Resolve => (_hostname, _options, callback) => {
  callback(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
};

const options = (overrides: Partial<PostWebhookOptions> = {}): PostWebhookOptions => ({
  policy: webhookPolicy(true),
  resolve: systemResolve,
  timeoutMs: 2000,
  maxPayloadBytes: 1024,
  ...overrides
});

const request = (url: string) => ({ url, headers: { 'webhook-id': 'evt_1', authorization: 'secret-value' }, body: '{"id":"evt_1"}' });

describe('postWebhook', () => {
  const servers: Array<{ close(): Promise<void> }> = [];
  const start = async (respond: (res: ServerResponse) => void) => {
    const started = await receiver(respond);
    servers.push(started);
    return started;
  };

  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  it('POSTs the body as JSON with the given headers; a 2xx is a success', async () => {
    const target = await start((res) => res.writeHead(204).end());
    const outcome = await postWebhook(options())(request(target.url));
    expect(outcome).toMatchObject({ ok: true, statusCode: 204, error: null });
    expect(target.received).toEqual([{ body: '{"id":"evt_1"}', headers: expect.objectContaining({ 'content-type': 'application/json', 'webhook-id': 'evt_1', authorization: 'secret-value' }) }]);
  });

  it('fails on any other status, keeping only the start of the answer', async () => {
    const target = await start((res) => res.writeHead(500).end('x'.repeat(10_000)));
    const outcome = await postWebhook(options())(request(target.url));
    expect(outcome).toMatchObject({ ok: false, statusCode: 500, error: 'the receiver answered 500' });
    expect(outcome.responseBody).toHaveLength(1024);
  });

  it('keeps the first 20 headers of the answer, repeated ones joined, each value cut at 256 characters', async () => {
    const target = await start((res) => {
      res.setHeader('x-long', 'v'.repeat(1000));
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      for (let index = 0; index < 30; index += 1) res.setHeader(`x-extra-${index}`, String(index));
      res.writeHead(503).end('busy');
    });
    const outcome = await postWebhook(options())(request(target.url));
    const headers = outcome.responseHeaders as Record<string, string>;
    expect(Object.keys(headers)).toHaveLength(20);
    expect(headers).toMatchObject({ 'x-long': 'v'.repeat(256), 'set-cookie': 'a=1, b=2', 'x-extra-0': '0' });
  });

  it('has no answer headers when no answer came', async () => {
    const target = await start((res) => res.destroy());
    expect(await postWebhook(options())(request(target.url))).toMatchObject({ ok: false, statusCode: null, responseHeaders: null });
  });

  it('does not follow redirects', async () => {
    const elsewhere = await start((res) => res.writeHead(200).end());
    const target = await start((res) => res.writeHead(302, { location: elsewhere.url }).end());
    const outcome = await postWebhook(options())(request(target.url));
    expect(outcome).toMatchObject({ ok: false, statusCode: 302, error: `redirect not followed: the receiver answered 302 to ${elsewhere.url}` });
    expect(elsewhere.received).toHaveLength(0);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const target = await start(() => undefined);
    const outcome = await postWebhook(options({ timeoutMs: 300 }))(request(target.url));
    expect(outcome).toMatchObject({ ok: false, statusCode: null, error: 'timed out after 300 ms' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(290);
    expect(outcome.durationMs).toBeLessThan(2000);
  });

  it('counts a 2xx whose body never ends as delivered once the time is up', async () => {
    const target = await start((res) => {
      res.writeHead(200);
      res.write('ok');
    });
    expect(await postWebhook(options({ timeoutMs: 300 }))(request(target.url))).toMatchObject({ ok: true, statusCode: 200, responseBody: 'ok' });
  });

  it('reports a receiver that is down', async () => {
    const target = await start((res) => res.end());
    await target.close();
    expect(await postWebhook(options())(request(target.url))).toMatchObject({ ok: false, statusCode: null, error: expect.stringContaining('ECONNREFUSED') });
  });

  it('refuses a body larger than the limit without sending it', async () => {
    const target = await start((res) => res.end());
    const outcome = await postWebhook(options({ maxPayloadBytes: 10 }))(request(target.url));
    expect(outcome).toMatchObject({ ok: false, error: 'the event is 14 bytes, more than WEBHOOK_MAX_PAYLOAD_BYTES (10)' });
    expect(target.received).toHaveLength(0);
  });

  describe('addresses', () => {
    it('refuses the metadata address without connecting', async () => {
      const outcome = await postWebhook(options())(request('http://169.254.169.254/latest/meta-data/'));
      expect(outcome).toMatchObject({ ok: false, statusCode: null, error: 'refused: 169.254.169.254 is a link-local address (cloud metadata lives here)' });
    });

    it('refuses loopback literals when loopback is not allowed', async () => {
      const target = await start((res) => res.end());
      const strict = postWebhook(options({ policy: webhookPolicy(false) }));
      expect(await strict(request(target.url))).toMatchObject({ ok: false, error: expect.stringMatching(/^refused: 127\.0\.0\.1 is a loopback address/) });
      expect(await strict(request(`http://[::ffff:127.0.0.1]:${target.port}/`))).toMatchObject({ ok: false, error: expect.stringMatching(/loopback/) });
      expect(target.received).toHaveLength(0);
    });

    it('refuses a name that resolves to 127.0.0.1 at connect time (DNS rebinding)', async () => {
      const target = await start((res) => res.end());
      const strict = postWebhook(options({ policy: webhookPolicy(false), resolve: resolvingTo('127.0.0.1') }));
      const outcome = await strict(request(`http://rebound.example:${target.port}/hook`));
      expect(outcome).toMatchObject({ ok: false, statusCode: null, error: expect.stringContaining('refused: rebound.example resolves only to addresses webhooks may not reach: 127.0.0.1 (a loopback address') });
      expect(target.received).toHaveLength(0);
    });

    it('refuses a name that resolves to the metadata address even where loopback is allowed', async () => {
      const outcome = await postWebhook(options({ resolve: resolvingTo('169.254.169.254', 'fd00:ec2::254') }))(request('http://metadata.example/'));
      expect(outcome.error).toMatch(/resolves only to addresses webhooks may not reach: 169\.254\.169\.254 \(a link-local address.*fd00:ec2::254/);
    });

    it('connects only to the allowed addresses of a name that resolves to several', async () => {
      const target = await start((res) => res.writeHead(200).end());
      const outcome = await postWebhook(options({ resolve: resolvingTo('10.0.0.8', '127.0.0.1') }))(request(`http://mixed.example:${target.port}/hook`));
      expect(outcome).toMatchObject({ ok: true, statusCode: 200 });
      expect(target.received).toHaveLength(1);
    });
  });
});
