import http, { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@signet/testkit';

export interface Delivered {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; event_type: string; data: Record<string, unknown> };
  receivedAt: number;
}

/** What the receiver does with the next request: answer with a status (and a body of its own), or hold it open and never answer. */
export type Behaviour = number | { status: number; body: string } | 'hang';

export interface Receiver {
  /** Base URL on 127.0.0.1; give each webhook its own path to tell their deliveries apart. */
  url: string;
  port: number;
  received: Delivered[];
  /** Answers the next requests to `path` this way, in order; afterwards 200. */
  script(path: string, behaviours: Behaviour[]): void;
  at(path: string): Delivered[];
  waitForCount(path: string, count: number, timeoutMs?: number): Promise<Delivered[]>;
  close(): Promise<void>;
}

/** A real HTTP receiver on loopback, standing in for a customer's webhook endpoint. */
export async function startReceiver(port = 0): Promise<Receiver> {
  const received: Delivered[] = [];
  const scripts = new Map<string, Behaviour[]>();
  const hanging: ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body, event: JSON.parse(body), receivedAt: Date.now() });
      const behaviour = scripts.get(path)?.shift() ?? 200;
      if (behaviour === 'hang') {
        hanging.push(res);
        return;
      }
      const answer = typeof behaviour === 'number' ? { status: behaviour, body: behaviour < 300 ? 'thanks' : 'not now' } : behaviour;
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  const at = (path: string) => received.filter((delivery) => delivery.path === path);
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    received,
    script(path, behaviours) {
      scripts.set(path, [...behaviours]);
    },
    at,
    waitForCount: (path, count, timeoutMs = 20_000) =>
      waitFor(() => at(path).length >= count && at(path), timeoutMs, `${count} deliveries to ${path} (got ${at(path).length})`),
    close: () => new Promise<void>((resolve) => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    })
  };
}
