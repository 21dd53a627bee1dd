import knex from 'knex';
import { opensslVerifyCrl, pdftotext, pdfsigTime, waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { checkBltaIndependently, expectTamperingCaught } from './seal/independent-checks';
import { drawn, sentEnvelope, sign, written } from './signing/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const EVERY_SCRIPT = 'Łukasz Żółć 王伟 김민준 さくら Ελένη Дмитрий';
const DEVELOPMENT = { sealCommonName: 'Signet Development Seal — not for production', tsaCommonName: 'Signet Development TSA — not for production' };

/** Monolith mode with no seal configuration: the development CA, its TSA and its CRL, checked by OpenSSL and pdfsig. */
describe('a trust chain out of the box', () => {
  let api: TestSignet;

  beforeAll(async () => {
    api = await startTestSignet();
  }, 60_000);

  afterAll(async () => {
    await api.close();
  });

  let completedEnvelopeId = '';
  async function completedPdf(): Promise<Buffer> {
    const envelope = await sentEnvelope(api, KEYS.globex, { 'recipients[ben][name]': EVERY_SCRIPT });
    completedEnvelopeId = envelope.id;
    expect((await sign(api, envelope.tokens.ana as string, drawn)).status).toBe(200);
    expect((await sign(api, envelope.tokens.ben as string, written(EVERY_SCRIPT))).status).toBe(200);
    const done = await waitFor(async () => {
      const shown = (await api.call('GET', `/api/v1/envelopes/${envelope.id}`, { key: KEYS.globex })).body.envelope as Body;
      return shown.status === 'SUCCESS' && shown;
    }, 60_000, 'SUCCESS');
    return Buffer.from(await (await fetch((done.documents as Body[])[0]?.url as string)).arrayBuffer());
  }

  it('publishes the chain (CA included) to API keys only, and the CA\'s CRL to anyone', async () => {
    expect((await api.call('GET', '/api/v1/seal/certificates', { key: null })).status).toBe(401);
    const shown = await api.call('GET', '/api/v1/seal/certificates', { key: KEYS.acme });
    expect(shown.status).toBe(200);
    const body = shown.body as Body;
    expect(body.development).toBe(true);
    expect((body.seal as Body[]).map((certificate) => certificate.subject)).toEqual([
      expect.stringContaining('CN=Signet Development Seal — not for production'),
      expect.stringContaining('CN=Signet Development CA — not for production')
    ]);
    expect((body.timestamp_authority as Body[])[0]?.subject).toContain('CN=Signet Development TSA — not for production');
    expect(String(body.chain_pem).match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
    expect(body.crl_url).toBe(`${api.url}/pki/signet-dev-ca.crl`);

    const crl = await fetch(body.crl_url as string);
    expect(crl.status).toBe(200);
    expect(crl.headers.get('content-type')).toBe('application/pkix-crl');
    const caPem = (body.seal as Body[])[1]?.pem as string;
    const checked = opensslVerifyCrl(Buffer.from(await crl.arrayBuffer()), caPem);
    expect(checked).toMatchObject({ ok: true });
    expect(checked.output).toMatch(/nextUpdate=/);
  });

  it('seals signed PDFs that pdfsig finds valid and trusted with the CA trusted, timestamped by the development TSA', async () => {
    const signedPdf = await completedPdf();
    const chain = (await api.call('GET', '/api/v1/seal/certificates', { key: KEYS.acme })).body as Body;
    const caPem = (chain.seal as Body[])[1]?.pem as string;
    const read = checkBltaIndependently(signedPdf, { caPem, ...DEVELOPMENT });
    // pdfsig's "Signing Time" is the time the seal claims; the timestamp's time is OpenSSL's reading: Signet reports both alike.
    const answer = await fetch(`${api.url}/api/v1/signature-reports`, { method: 'POST', headers: { authorization: KEYS.acme, 'content-type': 'application/pdf' }, body: signedPdf });
    const reports = (await answer.json()) as Body;
    const [report] = reports.signatures as Body[];
    expect(report).toMatchObject({ pades_level: 'B-LTA', chain_trusted: true });
    expect(pdfsigTime(new Date(report!.claimed_signing_time as string))).toBe(read.pdfsigSigningTime);
    expect(report!.timestamped_time).toBe(read.signatureTimestamp.toISOString());
    expectTamperingCaught(signedPdf, caPem);
    // The stamp on the appended signature page names the signer in every script.
    expect(pdftotext(signedPdf).split('\n').map((line) => line.trim())).toContain(EVERY_SCRIPT);
  });

  it('seals the evidence sheet like the signed documents, and writes names in every script', async () => {
    const shown = await waitFor(async () => {
      const answer = await api.call('GET', `/api/v1/envelopes/${completedEnvelopeId}/evidence`, { key: KEYS.globex });
      return answer.status === 200 && answer.body;
    }, 60_000, 'the evidence sheet');
    const evidence = Buffer.from(await (await fetch(shown.evidence_document_url as string)).arrayBuffer());
    const chain = (await api.call('GET', '/api/v1/seal/certificates', { key: KEYS.acme })).body as Body;
    const caPem = (chain.seal as Body[])[1]?.pem as string;
    checkBltaIndependently(evidence, { caPem, ...DEVELOPMENT });
    expectTamperingCaught(evidence, caPem);
    expect(pdftotext(evidence)).toContain(EVERY_SCRIPT);
  });

  it('keeps the generated keys encrypted at rest', async () => {
    const db = knex({ client: 'pg', connection: api.signet.config.databaseUrl as string, searchPath: ['envelope'] });
    try {
      // The development PKI (CA, seal, TSA) and the development signer CA.
      const rows = await db('seal_pki').select('id', 'sealed', 'ca_certificate_pem').orderBy('id');
      expect(rows.map((row) => row.id)).toEqual(['development', 'development-signer']);
      for (const row of rows) {
        const sealed = row.sealed as Buffer;
        expect(sealed.toString('latin1')).not.toMatch(/privateKey|BEGIN|"ca"/);
        // A private key in PKCS#8 DER starts with SEQUENCE, INTEGER 0: nowhere in the stored bytes.
        expect(sealed.includes(Buffer.from([0x02, 0x01, 0x00, 0x30, 0x0d, 0x06, 0x09]))).toBe(false);
        expect(row.ca_certificate_pem).toContain('BEGIN CERTIFICATE');
      }
    } finally {
      await db.destroy();
    }
  });
});
