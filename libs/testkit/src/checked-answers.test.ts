import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkAnswersFrom } from './checked-answers';
import { startContractProxy } from './contract-proxy';

const webhook = {
  id: '0190f3c2-7b7a-7cc0-9a55-3c1f2f3b8e01', url: 'https://example.com/hook', subscriptions: 'envelope.success', auth_type: 'HEADER',
  retry_schedule: 'STANDARD', created_at: '2026-11-24T10:00:00.000Z', updated_at: '2026-11-24T10:00:00.000Z'
};

/** A stand-in for a gateway whose webhook presenter grew a field the document does not name. */
function driftedGateway(): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url === '/docs') {
      res.setHeader('content-type', 'application/json');
      res.end('{}');
      return;
    }
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(JSON.stringify({ webhook: { ...webhook, auth: 'secret' }, messages: [], request_id: 'req_1' }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A GET by a client other than fetch (as curl is), answering the status and body. */
const plainGet = (url: string) => new Promise<{ status: number; body: string }>((resolve, reject) => {
  get(url, (response) => {
    let body = '';
    response.on('data', (chunk: Buffer) => (body += chunk.toString()));
    response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
  }).on('error', reject);
});

describe('the global fetch of every test file', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = await driftedGateway();
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('passes answers from servers that are not a Signet under test', async () => {
    expect((await fetch(`${base}/api/v1/webhooks/${webhook.id}`)).status).toBe(200);
  });

  describe('once the server is a Signet under test', () => {
    beforeAll(() => checkAnswersFrom(base));

    it('fails an answer with a field the document does not name', async () => {
      await expect(fetch(`${base}/api/v1/webhooks/${webhook.id}`)).rejects.toThrow(/body\/webhook must NOT have additional properties.*"additionalProperty":"auth"/);
    });

    it('fails an answer of a media type the document does not name for it', async () => {
      await expect(fetch(`${base}/docs`)).rejects.toThrow(/GET \/docs answered 200 with application\/json: the document names text\/html/);
    });

    it('a contract proxy passes answers to clients outside the process unchanged, and keeps their problems', async () => {
      const proxy = await startContractProxy(base);
      try {
        const answer = await plainGet(`${proxy.url}/api/v1/webhooks/${webhook.id}`);
        expect(answer).toEqual({ status: 200, body: expect.stringContaining('"auth":"secret"') });
        expect(proxy.problems).toEqual([expect.stringMatching(/must NOT have additional properties.*"additionalProperty":"auth"/)]);
      } finally {
        await proxy.close();
      }
    });

    it('leaves what the document leaves out: development pages, and the internal routes the parts call in this process', async () => {
      expect((await fetch(`${base}/dev/mail/messages.json`)).status).toBe(200);
      expect((await fetch(`${base}/internal/rate-limits/envelope.create`, { method: 'POST' })).status).toBe(200);
    });
  });
});
