import { generateServiceCertificate, pkcs12Signer, sealPdf } from '@signet/signed-pdf';
import { samplePdf, waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { drawn, sentEnvelope, sign } from './signing/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** POST /api/v1/signature-reports on Signet's own B-LTA output, a tampered copy, a stranger's seal and unsigned input. */
describe('signature reports', () => {
  let api: TestSignet;

  beforeAll(async () => {
    api = await startTestSignet();
  }, 60_000);

  afterAll(async () => {
    await api.close();
  });

  async function report(pdf: Uint8Array, contentType = 'application/pdf') {
    const response = await fetch(`${api.url}/api/v1/signature-reports`, {
      method: 'POST', headers: { authorization: KEYS.acme, 'content-type': contentType }, body: Buffer.from(pdf)
    });
    return { status: response.status, body: (await response.json()) as Body };
  }

  it('reports each signature: signer, claimed and timestamped times, PAdES level, integrity, trust, changes after signing', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex);
    expect((await sign(api, envelope.tokens.ana as string, drawn)).status).toBe(200);
    expect((await sign(api, envelope.tokens.ben as string, drawn)).status).toBe(200);
    const done = await waitFor(async () => {
      const shown = (await api.call('GET', `/api/v1/envelopes/${envelope.id}`, { key: KEYS.globex })).body.envelope as Body;
      return shown.status === 'SUCCESS' && shown;
    }, 60_000, 'SUCCESS');
    const signedPdf = Buffer.from(await (await fetch((done.documents as Body[])[0]?.url as string)).arrayBuffer());

    const { status, body } = await report(signedPdf);
    expect(status).toBe(200);
    expect(body.trust_anchors).toEqual([expect.stringContaining('Signet Development CA — not for production'), expect.stringContaining('Signet Development Signer CA — not for production')]);
    const [seal, documentTimestamp] = body.signatures as Body[];
    expect(seal).toMatchObject({
      kind: 'signature', sub_filter: 'ETSI.CAdES.detached', pades_level: 'B-LTA', integrity: { valid: true, problem: null },
      chain_trusted: true, modified_after_signing: false, signer: { common_name: 'Signet Development Seal — not for production' }
    });
    expect(Math.abs(Date.parse(seal!.claimed_signing_time) - Date.parse(seal!.timestamped_time))).toBeLessThan(60_000);
    expect(documentTimestamp).toMatchObject({
      kind: 'document_timestamp', sub_filter: 'ETSI.RFC3161', integrity: { valid: true }, chain_trusted: true, signer: { common_name: 'Signet Development TSA — not for production' }
    });

    const flipped = Buffer.from(signedPdf);
    flipped[150] = flipped[150]! ^ 0x01;
    const tampered = (await report(flipped)).body.signatures as Body[];
    expect(tampered[0]).toMatchObject({ integrity: { valid: false, problem: 'The file was changed after it was sealed' }, chain_trusted: false, pades_level: null });

    const stranger = generateServiceCertificate({ commonName: 'Someone Else' });
    const foreign = await sealPdf(await samplePdf({ pages: 1 }), { signer: pkcs12Signer(stranger.p12, stranger.passphrase) });
    expect(((await report(foreign)).body.signatures as Body[])[0]).toMatchObject({ pades_level: 'B-B', integrity: { valid: true }, chain_trusted: false });

    expect((await report(await samplePdf({ pages: 1 }))).body.signatures).toEqual([]);
    expect((await report(Buffer.from('{}'), 'application/json')).status).toBe(415);
    expect((await report(Buffer.from('not a pdf'))).status).toBe(422);
  });
});
