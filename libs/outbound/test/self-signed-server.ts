import { generateKeyPairSync } from 'node:crypto';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';

/** The name the test certificate is issued to; tests make it resolve to 127.0.0.1. */
export const TEST_HOST = 'logo.test';

/** A self-signed certificate for TEST_HOST and 127.0.0.1, valid for a day. */
function selfSignedCertificate(): { key: string; cert: string } {
  const { privateKey: key } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  const forgeKey = forge.pki.privateKeyFromPem(key);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e);
  certificate.serialNumber = '01';
  certificate.validity.notBefore = new Date(Date.now() - 60_000);
  certificate.validity.notAfter = new Date(Date.now() + 24 * 60 * 60_000);
  const name = [{ name: 'commonName', value: TEST_HOST }];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 2, value: TEST_HOST }, { type: 7, ip: '127.0.0.1' }] }]);
  certificate.sign(forgeKey, forge.md.sha256.create());
  return { key, cert: forge.pki.certificateToPem(certificate) };
}

/** An https server on 127.0.0.1 answering every request with `respond`; `ca` is the certificate to trust. */
export async function startSelfSignedServer(respond: (req: IncomingMessage, res: ServerResponse) => void) {
  const { key, cert } = selfSignedCertificate();
  const server = https.createServer({ key, cert }, respond);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    ca: cert,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    })
  };
}
