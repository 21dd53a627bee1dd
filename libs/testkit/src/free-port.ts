import net from 'node:net';

/** A TCP port free on 127.0.0.1 right now (for a server that must know its own URL before it listens). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}
