import type { AddressInfo } from 'node:net';
import express from 'express';
import { errorMiddleware, internalAuth, jsonResponses, requestContext, signInternalHeaders } from '@signet/http';
import { createLogger } from '@signet/log';
import { handInProcess } from '../src/proxy/hand-in-process';

/** A part in the gateway's process that answers one route and stalls on another. */
function partApp(held: Array<() => void>): express.Express {
  const part = express();
  part.get('/answers', (_req, res) => {
    res.json({ ok: true });
  });
  part.get('/context', internalAuth('secret'), (req, res) => {
    res.json({ context: requestContext(res), limits: req.headers['x-signet-envelope-limits'] ?? null });
  });
  part.get('/stalls', async (_req, res) => {
    await new Promise<void>((resolve) => held.push(resolve));
    res.json({ late: true });
  });
  return part;
}

describe('a request handed to a part in the same process', () => {
  const held: Array<() => void> = [];
  let url: string;
  let close: () => void;

  beforeAll(async () => {
    const log = createLogger({ level: 'silent' });
    const gateway = express();
    gateway.use(jsonResponses(() => 'req_test'));
    gateway.use((_req, res, next) => {
      res.locals.context = { requestId: 'req_test', tenantId: 'acme', apiKeyId: 'key', plan: 'starter' };
      next();
    });
    gateway.use(handInProcess(partApp(held), undefined, 300));
    gateway.use(errorMiddleware(log));
    const server = gateway.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => {
    for (const release of held) release();
    close();
  });

  it("gets the part's answer", async () => {
    const response = await fetch(`${url}/answers`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, request_id: 'req_test' });
  });

  it("gives the part the gateway's context, whatever internal headers the client sends", async () => {
    const forged = { ...signInternalHeaders('secret', 'GET', '/context', { requestId: 'req_forged', tenantId: 'globex', apiKeyId: 'other', plan: 'enterprise', envelopeLimits: '1000000' }) };
    const response = await fetch(`${url}/context`, { headers: forged });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      context: { requestId: 'req_test', tenantId: 'acme', apiKeyId: 'key', plan: 'starter' },
      limits: null,
      request_id: 'req_test'
    });
  });

  it('answers 504 UPSTREAM_TIMEOUT when the part does not answer in time, and goes on serving once the late answer comes', async () => {
    const response = await fetch(`${url}/stalls`);
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ error: expect.any(String), code: 'UPSTREAM_TIMEOUT', request_id: 'req_test' });
    for (const release of held.splice(0)) release();
    expect((await fetch(`${url}/answers`)).status).toBe(200);
  });
});
