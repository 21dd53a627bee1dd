import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { answerClientError } from '@signet/http';

export interface Listening {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** Grace period for in-flight requests on shutdown before connections are cut. */
const CLOSE_GRACE_MS = 10_000;
const KEEP_ALIVE_MS = 65_000;

export function listen(app: Express, port: number, host: string): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    // Idle keep-alive connections outlive those of load balancers (60 s on common ones) and clients, so the
    // server is never the side that closes a connection a client is about to reuse (a 502 or ECONNRESET).
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1000;
    // Headers over the limit and unreadable HTTP get the same JSON error body as everything else.
    server.on('clientError', answerClientError);
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address() as AddressInfo;
      const reachableHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
      resolve({
        server,
        url: `http://${reachableHost}:${address.port}`,
        close: () => new Promise<void>((done) => {
          const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
          force.unref();
          server.close(() => {
            clearTimeout(force);
            done();
          });
          server.closeIdleConnections();
        })
      });
    });
  });
}
