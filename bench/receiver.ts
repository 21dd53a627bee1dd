import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Arrival {
  eventType: string;
  subjectId: string;
}

/** A webhook receiver that answers 200 at once and tells the benchmark what arrived, when. */
export async function startReceiver(onArrival: (arrival: Arrival) => void): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.end('ok');
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { event_type: string; data: { id: string } };
      onArrival({ eventType: event.event_type, subjectId: event.data.id });
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
