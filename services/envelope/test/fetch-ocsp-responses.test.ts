import { Writable } from 'node:stream';
import { createLogger } from '@signet/log';
import { pkcs12Signer } from '@signet/signed-pdf';
import { type OcspPki, opensslReadOcsp, startOcspPki } from '@signet/testkit';
import { fetchOcspResponses } from '../src/seal/fetch-ocsp-responses';

/** A logger whose lines the test reads. */
function recordingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    }
  });
  return { log: createLogger({ level: 'warn', destination, pretty: false }), lines };
}

describe('OCSP answers for a configured seal chain, from an openssl ocsp responder', () => {
  let pki: OcspPki;

  beforeAll(async () => {
    pki = await startOcspPki();
  });

  afterAll(async () => {
    await pki?.close();
  });

  it("fetches the responder's answer for the seal certificate, which OpenSSL verifies as good", async () => {
    const { log, lines } = recordingLogger();
    const responses = await fetchOcspResponses(pkcs12Signer(pki.p12, pki.passphrase).certificates, log);
    expect(responses).toHaveLength(1);
    const reading = opensslReadOcsp(pki, responses[0]!);
    expect(reading).toContain('Response verify OK');
    expect(reading).toMatch(/seal\.crt: good/);
    expect(lines).toEqual([]);
  });

  it('leaves out the answer for a revoked seal certificate and says so as an error', async () => {
    await pki.revokeSeal();
    const { log, lines } = recordingLogger();
    expect(await fetchOcspResponses(pkcs12Signer(pki.p12, pki.passphrase).certificates, log)).toEqual([]);
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: 'the seal chain holds a revoked certificate: replace it', err: expect.stringMatching(/REVOKED/) })]);
  });

  it('leaves out what a responder that is not there cannot give, with a warning', async () => {
    await pki.close();
    const { log, lines } = recordingLogger();
    expect(await fetchOcspResponses(pkcs12Signer(pki.p12, pki.passphrase).certificates, log)).toEqual([]);
    expect(lines).toEqual([expect.objectContaining({ level: 40, msg: 'OCSP answer left out of the document security store' })]);
  });
});
