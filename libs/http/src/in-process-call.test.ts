import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Type } from '@sinclair/typebox';
import type { Express } from 'express';
import { createLogger } from '@signet/log';
import { AppError } from './app-error';
import { inProcessPart, serveInProcess } from './in-process-call';
import { internalPost } from './internal-operation';
import { callInternal } from './internal-client';
import { requestContext } from './request-context';
import { createServiceApp } from './service-app';
import { validateBody } from './validate-body';

const SECRET = 'in-process-test-secret';
const context = { tenantId: 'acme', apiKeyId: 'key-1', plan: 'starter', requestId: 'req_1' };

/** A silent part signed with SECRET, with the given routes. */
function testPart(name: string, routes: (app: Express) => void) {
  return createServiceApp({ name, log: createLogger({ level: 'silent' }), internalSecret: SECRET, healthcheck: async () => ({ ok: true, checks: {} }), routes });
}

/** A part with the routes an internal call can meet: an answer, a refusal of its body, a miss, a failure. */
function part(served: string[], requests: http.IncomingMessage[] = []) {
  return testPart('test-part', (app) => {
    app.post('/internal/echo', validateBody(Type.Object({ word: Type.String({ minLength: 2 }) })), (req, res) => {
      served.push(req.socket.remoteAddress ?? 'no address');
      requests.push(req);
      res.json({ word: req.body.word, tenant: requestContext(res).tenantId });
    });
    app.get('/internal/broken', () => {
      throw new Error('broken');
    });
  });
}

async function listening(app: http.RequestListener): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('internal calls to a part this process serves', () => {
  const served: string[] = [];
  const requests: http.IncomingMessage[] = [];
  let url: string;
  let server: http.Server;
  let stopServing: () => void;

  beforeAll(async () => {
    const app = part(served, requests);
    ({ url, server } = await listening(app));
    stopServing = serveInProcess(url, app);
  });

  afterAll(async () => {
    stopServing();
    await new Promise((resolve) => server.close(resolve));
  });

  const call = (path: string, body?: unknown, method: 'GET' | 'POST' = 'POST') => callInternal<{ word: string; tenant: string }>({ baseUrl: url, method, path, context, secret: SECRET, body });

  it('answers in this process, through the part\'s signature check and body validation, with no connection', async () => {
    served.length = 0;
    await expect(call('/internal/echo', { word: 'seal' })).resolves.toMatchObject({ word: 'seal', tenant: 'acme' });
    // Over HTTP the part would see the loopback address of a connection.
    expect(served).toEqual(['no address']);
  });

  it('refuses as over HTTP: 422 with the field, 404 for an unknown route, SERVICE_UNAVAILABLE for a failure', async () => {
    await expect(call('/internal/echo', { word: 'x' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'word' })] });
    await expect(call('/internal/nowhere', {})).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(call('/internal/broken', undefined, 'GET')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('refuses a call signed with another secret, as the part would over HTTP', async () => {
    const unsigned = callInternal({ baseUrl: url, method: 'POST', path: '/internal/echo', context, secret: 'another-secret', body: { word: 'seal' } });
    await expect(unsigned).rejects.toBeInstanceOf(AppError);
  });

  it('hands the part a complete request: once it is done with it, it is closed, not aborted', async () => {
    requests.length = 0;
    await call('/internal/echo', { word: 'whole' });
    const [req] = requests as [http.IncomingMessage];
    if (!req.destroyed) await once(req, 'close');
    expect(req.complete).toBe(true);
    expect(req.aborted).toBe(false);
  });

  it('goes over HTTP once the part is no longer served here, with the same answer', async () => {
    stopServing();
    expect(inProcessPart(url)).toBeNull();
    served.length = 0;
    await expect(call('/internal/echo', { word: 'seal' })).resolves.toMatchObject({ word: 'seal', tenant: 'acme' });
    expect(served).toEqual(['127.0.0.1']);
    stopServing = serveInProcess(url, part(served));
  });
});

describe('internal operations (internalPost) called from this process', () => {
  const shouted: string[] = [];
  let requestsThroughApp = 0;
  let url: string;
  let server: http.Server;
  let stopServing: () => void;

  function operationPart() {
    return testPart('operation-part', (app) => {
      app.use((_req, _res, next) => {
        requestsThroughApp++;
        next();
      });
      internalPost(app, '/internal/shout', Type.Object({ word: Type.String({ minLength: 2 }) }), async (caller, body) => {
        if (body.word === 'missing') throw new AppError('NOT_FOUND', 'No such word');
        if (body.word === 'broken') throw new Error('broken');
        shouted.push(body.word);
        return { word: body.word.toUpperCase(), tenant: caller.tenantId };
      });
      internalPost(app, '/internal/whisper', Type.Object({ word: Type.Optional(Type.String()) }), async (_caller, body) => ({ word: body.word ?? 'nothing' }));
    });
  }

  beforeAll(async () => {
    const app = operationPart();
    ({ url, server } = await listening(app));
    stopServing = serveInProcess(url, app);
  });

  afterAll(async () => {
    stopServing();
    await new Promise((resolve) => server.close(resolve));
  });

  const outcome = (body: unknown, secret = SECRET) =>
    callInternal<Record<string, unknown>>({ baseUrl: url, method: 'POST', path: '/internal/shout', context, secret, body }).then(
      (answer) => ({ answer }),
      (error: AppError) => ({ code: error.code, message: error.message, details: error.details })
    );
  const whisper = (body: unknown) => callInternal<Record<string, unknown>>({ baseUrl: url, method: 'POST', path: '/internal/whisper', context, secret: SECRET, body });
  const cases = () => Promise.all([
    outcome({ word: 'seal' }), outcome({ word: 'x' }), outcome({}), outcome({ word: 'missing' }), outcome({ word: 'broken' }), outcome({ word: 'seal' }, 'another-secret'),
    // A call without a body meets the route as an empty object, whichever way it is served.
    whisper(undefined).then((answer) => ({ answer }))
  ]);

  it('runs the operation without a request through the part\'s app, and answers exactly as over HTTP', async () => {
    const inProcess = await cases();
    expect(requestsThroughApp).toBe(0);
    expect(inProcess[0]).toEqual({ answer: { word: 'SEAL', tenant: 'acme', request_id: 'req_1' } });
    expect(inProcess[1]).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'word' })] });
    expect(inProcess[3]).toMatchObject({ code: 'NOT_FOUND', message: 'No such word' });
    expect(inProcess[4]).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(inProcess[5]).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(inProcess[6]).toEqual({ answer: { word: 'nothing', request_id: 'req_1' } });

    stopServing();
    const overHttp = await cases();
    expect(requestsThroughApp).toBeGreaterThan(0);
    expect(overHttp).toEqual(inProcess);
    expect(shouted).toEqual(['seal', 'seal']);
    stopServing = serveInProcess(url, operationPart());
  });
});
