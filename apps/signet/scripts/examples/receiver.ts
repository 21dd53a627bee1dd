import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@signet/testkit';
import type { Json } from './recorder';

export interface Delivery {
  id: string;
  event_type: string;
  data: Json;
}

/** Under the receiver's URL, a path that is down for maintenance: every delivery there fails. */
export const UNAVAILABLE_PATH = '/unavailable';

/**
 * A webhook endpoint on loopback that keeps every delivery's body, as an integrator's receiver would get it;
 * below UNAVAILABLE_PATH it answers 503 and keeps nothing.
 */
export async function startReceiver() {
  const deliveries: Delivery[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url?.endsWith(UNAVAILABLE_PATH)) {
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '120' }).end('{"error":"down for maintenance"}');
        return;
      }
      deliveries.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Delivery);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/signet-events`,
    deliveries,
    /** The first delivery of this event type that `match` accepts, once it has arrived. */
    waitFor: (eventType: string, match: (data: Json) => boolean = () => true): Promise<Delivery> =>
      waitFor(() => deliveries.find((delivery) => delivery.event_type === eventType && match(delivery.data)), 60_000, `a ${eventType} delivery`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
