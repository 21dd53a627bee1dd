import net from 'node:net';

// Below Linux's ephemeral range (32768-60999 by default): a port chosen there can be taken, between this
// check and the server's listen, by any outgoing connection of any test (one run saw EADDRINUSE that way).
// Here only another test picking the same port at random could take it.
const FIRST_PORT = 20_000;
const PORTS = 12_000;
const TRIES = 50;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A TCP port free on 127.0.0.1 right now (for a server that must know its own URL before it listens). */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    const port = FIRST_PORT + Math.floor(Math.random() * PORTS);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port found in ${TRIES} tries between ${FIRST_PORT} and ${FIRST_PORT + PORTS - 1}`);
}
