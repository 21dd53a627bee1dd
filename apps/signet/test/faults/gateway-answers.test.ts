import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockBroker, startMockBroker } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from '../harness';

/** Envelope ids the stand-in part behaves by (well-formed, so the gateway passes them on). */
const DIES = '0190a6b2-7c3e-7000-8000-0000000000d1';
const CLOSED_WHEN_REUSED = '0190a6b2-7c3e-7000-8000-0000000000c1';
const WARM = '0190a6b2-7c3e-7000-8000-0000000000a1';
const STALLS = '0190a6b2-7c3e-7000-8000-0000000000b1';
const ANYTHING = '0190a6b2-7c3e-7000-8000-0000000000e1';

const JSON_ERROR = { error: expect.any(String), code: expect.any(String), request_id: expect.any(String) };

describe('errors the HTTP layer produces have the JSON body', () => {
  let api: TestSignet;
  beforeAll(async () => {
    api = await startTestSignet();
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers a 16 KB header with 431 and {error, code, request_id}', async () => {
    const response = await fetch(`${api.url}/api/v1/envelopes`, { headers: { authorization: KEYS.acme, 'x-padding': 'a'.repeat(17 * 1024) } });
    expect(response.status).toBe(431);
    const body = (await response.json()) as { request_id: string };
    expect(body).toEqual({ ...JSON_ERROR, code: 'HEADERS_TOO_LARGE' });
    expect(response.headers.get('x-request-id')).toBe(body.request_id);
  });

  it('answers malformed JSON with 400 and {error, code, request_id}', async () => {
    const response = await fetch(`${api.url}/api/v1/envelopes`, { method: 'POST', headers: { authorization: KEYS.acme, 'content-type': 'application/json' }, body: '{"documents":' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ...JSON_ERROR, code: 'BAD_REQUEST' });
  });
});

/**
 * The gateway alone, with the envelope part played by a server that dies or stalls: the client must
 * get 502 or 504 JSON within the configured time, never wait for ever.
 */
describe('the gateway when the part behind it dies or stalls', () => {
  let broker: MockBroker;
  let api: TestSignet;
  let envelope: http.Server;
  const stalled: http.ServerResponse[] = [];
  const requestsOn = new WeakMap<object, number>();

  beforeAll(async () => {
    broker = await startMockBroker();
    envelope = http.createServer((req, res) => {
      const count = (requestsOn.get(req.socket) ?? 0) + 1;
      requestsOn.set(req.socket, count);
      req.resume();
      req.on('end', () => {
        // Dies mid-request: the connection ends with no answer (what kill -9 of the part does).
        if (req.url?.includes(DIES)) req.socket.destroy();
        // A stopping part closes its idle kept-alive connections: a request sent into one meets a closed connection.
        else if (req.url?.includes(CLOSED_WHEN_REUSED) && count > 1) req.socket.destroy();
        else if (req.url?.includes(CLOSED_WHEN_REUSED) || req.url?.includes(WARM)) {
          res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Envelope not found', code: 'NOT_FOUND', request_id: 'req_fake' }));
        } else stalled.push(res);
      });
    });
    await new Promise<void>((resolve) => envelope.listen(0, '127.0.0.1', resolve));
    const envelopeUrl = `http://127.0.0.1:${(envelope.address() as AddressInfo).port}`;
    api = await startTestSignet({ KAFKA_BROKERS: broker.brokers.join(','), ENVELOPE_URL: envelopeUrl, UPSTREAM_TIMEOUT_MS: '1000' }, ['gateway']);
  });
  afterAll(async () => {
    for (const res of stalled) res.destroy();
    await api?.close();
    await new Promise((resolve) => envelope?.close(resolve));
    await broker?.stop();
  });

  it('answers 502 UPSTREAM_FAILED when the part dies mid-request', async () => {
    const response = await api.call('POST', `/api/v1/envelopes/${DIES}/send_invitation`, { json: {} });
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ ...JSON_ERROR, code: 'UPSTREAM_FAILED' });
  });

  it('sends a GET again on a new connection when the kept-alive one was closed by the part, but never a POST', async () => {
    expect((await api.call('GET', `/api/v1/envelopes/${WARM}`)).status).toBe(404);
    const read = await api.call('GET', `/api/v1/envelopes/${CLOSED_WHEN_REUSED}`);
    expect(read.status).toBe(404);
    expect((await api.call('GET', `/api/v1/envelopes/${WARM}`)).status).toBe(404);
    const sent = await api.call('POST', `/api/v1/envelopes/${CLOSED_WHEN_REUSED}/send_invitation`);
    expect(sent.status).toBe(502);
    expect(sent.body).toEqual({ ...JSON_ERROR, code: 'UPSTREAM_FAILED' });
  });

  it('answers 504 UPSTREAM_TIMEOUT when the part does not answer within UPSTREAM_TIMEOUT_MS', async () => {
    const response = await api.call('GET', `/api/v1/envelopes/${STALLS}`);
    expect(response.status).toBe(504);
    expect(response.body).toEqual({ ...JSON_ERROR, code: 'UPSTREAM_TIMEOUT' });
  });

  it('answers 503 SERVICE_UNAVAILABLE at once when the part is not there', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = http.createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const gone = await startTestSignet({ KAFKA_BROKERS: broker.brokers.join(','), ENVELOPE_URL: `http://127.0.0.1:${closed}` }, ['gateway']);
    try {
      const response = await gone.call('GET', `/api/v1/envelopes/${ANYTHING}`);
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ ...JSON_ERROR, code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await gone.close();
    }
  });
});
