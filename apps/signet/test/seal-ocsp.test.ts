import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { verifySealedPdf } from '@signet/signed-pdf';
import { type OcspPki, opensslReadOcsp, startOcspPki, waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { type LocalPki, startLocalPki } from './seal/local-pki';
import { drawn, sentEnvelope, sign, written } from './signing/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The DER entries of the file's /DSS under `key` (Certs, CRLs, OCSPs), read with pdf-lib. */
async function dssEntries(pdf: Buffer, key: 'CRLs' | 'OCSPs'): Promise<Buffer[]> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const entries = document.catalog.lookupMaybe(PDFName.of('DSS'), PDFDict)?.lookupMaybe(PDFName.of(key), PDFArray);
  return Array.from({ length: entries?.size() ?? 0 }, (_, index) => Buffer.from(decodePDFRawStream(entries!.lookup(index, PDFRawStream)).decode()));
}

describe('sealing with a certificate whose CA answers revocation only by OCSP', () => {
  let api: TestSignet;
  let ocsp: OcspPki;
  let tsa: LocalPki;

  beforeAll(async () => {
    ocsp = await startOcspPki();
    tsa = await startLocalPki();
    api = await startTestSignet({ SIGNET_SEAL_P12: ocsp.p12.toString('base64'), SIGNET_SEAL_PASSPHRASE: ocsp.passphrase, TSA_URL: tsa.tsaUrl });
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await tsa?.close();
    await ocsp?.close();
  });

  it("puts the responder's answer in the signed PDF's /DSS, where OpenSSL finds it signed by the CA and good", async () => {
    const envelope = await sentEnvelope(api, KEYS.globex);
    expect((await sign(api, envelope.tokens.ana as string, drawn)).status).toBe(200);
    expect((await sign(api, envelope.tokens.ben as string, written('Ben Ode'))).status).toBe(200);
    const done = await waitFor(async () => {
      const shown = (await api.call('GET', `/api/v1/envelopes/${envelope.id}`, { key: KEYS.globex })).body.envelope as Body;
      return shown.status === 'SUCCESS' && shown;
    }, 60_000, 'SUCCESS');
    const signedPdf = Buffer.from(await (await fetch((done.documents as Body[])[0]?.url as string)).arrayBuffer());

    expect(await verifySealedPdf(signedPdf)).toMatchObject({ valid: true, signerCommonName: 'Signet OCSP Test Seal' });
    const answers = await dssEntries(signedPdf, 'OCSPs');
    expect(answers).toHaveLength(1);
    const reading = opensslReadOcsp(ocsp, answers[0]!);
    expect(reading).toContain('Response verify OK');
    expect(reading).toMatch(/seal\.crt: good/);
    // The chain names no CRL: the answer is the only revocation data for the seal.
    expect(await dssEntries(signedPdf, 'CRLs')).toEqual([]);
  }, 120_000);
});
