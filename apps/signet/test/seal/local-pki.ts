import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDevelopmentPki, type DevelopmentPki, issueCrl, pemOf, signerOf, timestampAuthority } from '@signet/signed-pdf';

export interface LocalPki {
  /** A CA of the test's own (with a TSA certificate) whose certificates name this server's CRL. */
  pki: DevelopmentPki;
  caPem: string;
  /** RFC 3161 over HTTP: what TSA_URL points at. */
  tsaUrl: string;
  crlUrl: string;
  /** Method and path of every request the server answered. */
  requests: string[];
  close(): Promise<void>;
}

/** A test CA, its CRL and its TSA on 127.0.0.1: the outside world a configured seal talks to, kept on this machine. */
export async function startLocalPki(): Promise<LocalPki> {
  const requests: string[] = [];
  let answer: (path: string, body: Buffer) => Promise<{ type: string; body: Buffer } | null> = async () => null;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push(`${request.method} ${request.url}`);
      answer(request.url ?? '', Buffer.concat(chunks)).then(
        (found) => (found ? response.writeHead(200, { 'content-type': found.type }).end(found.body) : response.writeHead(404).end()),
        () => response.writeHead(500).end()
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pki = await createDevelopmentPki({ crlUrl: `${base}/ca.crl`, now: new Date() });
  const tsa = timestampAuthority({ signer: signerOf(pki.tsa, [pki.ca.certificate]), policy: '1.3.6.1.4.1.64000.1.2', clock: () => new Date() });
  answer = async (path, body) => {
    if (path === '/tsa') return { type: 'application/timestamp-reply', body: await tsa.respond(body) };
    if (path === '/ca.crl') return { type: 'application/pkix-crl', body: await issueCrl(pki.ca, new Date()) };
    return null;
  };
  return {
    pki,
    caPem: pemOf(pki.ca.certificate),
    tsaUrl: `${base}/tsa`,
    crlUrl: `${base}/ca.crl`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  };
}
