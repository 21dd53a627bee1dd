import http from 'node:http';
import express from 'express';
import { listen } from '../../src/listen';

/** What a proxy's keep-alive pool does: reuse one connection for request after request. */
function get(agent: http.Agent, url: string): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    }).on('error', reject);
  });
}

describe('stopping a part with requests in flight on kept-alive connections', () => {
  it('finishes the request, ends the connection with it, and stops without waiting out the grace period', async () => {
    let arrived!: () => void;
    const slowArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const app = express();
    app.get('/fast', (_req, res) => {
      res.json({ ok: true });
    });
    app.get('/slow', async (_req, res) => {
      arrived();
      await released;
      res.json({ ok: true });
    });
    // A grace period longer than the test's timeout: stopping only within it proves the connection was ended.
    const listening = await listen(app, 0, '127.0.0.1', 600_000);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await get(agent, `${listening.url}/fast`)).status).toBe(200);
      const slow = get(agent, `${listening.url}/slow`);
      await slowArrived;
      const stopped = listening.close();
      release();
      await expect(slow).resolves.toEqual({ status: 200, connection: 'close' });
      await stopped;
    } finally {
      agent.destroy();
      listening.server.closeAllConnections();
    }
  });
});
