import type { IncomingMessage, Server, ServerResponse } from 'node:http';
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

/**
 * Stopping without cutting work: once closing, every answer ends its connection (`Connection: close`),
 * so a keep-alive connection is never left open for a client to send its next request into a process
 * about to exit. Without this, connections kept alive by a proxy stayed open until the grace period
 * ran out, and requests they carried meanwhile were cut after their work had committed.
 */
function drainOnClose(server: Server): () => void {
  let closing = false;
  const answering = new Set<ServerResponse>();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (closing) res.shouldKeepAlive = false;
    answering.add(res);
    res.once('close', () => {
      answering.delete(res);
      if (closing) req.socket.end();
    });
  });
  return () => {
    closing = true;
    for (const res of answering) if (!res.headersSent) res.shouldKeepAlive = false;
  };
}

export function listen(app: Express, port: number, host: string, graceMs = CLOSE_GRACE_MS): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    // Idle keep-alive connections outlive those of load balancers (60 s on common ones) and clients, so the
    // server is never the side that closes a connection a client is about to reuse (a 502 or ECONNRESET).
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1000;
    // Headers over the limit and unreadable HTTP get the same JSON error body as everything else.
    server.on('clientError', answerClientError);
    const startDraining = drainOnClose(server);
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address() as AddressInfo;
      const reachableHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
      resolve({
        server,
        url: `http://${reachableHost}:${address.port}`,
        close: () => new Promise<void>((done) => {
          const force = setTimeout(() => server.closeAllConnections(), graceMs);
          force.unref();
          startDraining();
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
