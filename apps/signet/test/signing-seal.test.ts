import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import knex from 'knex';
import { findTextTokens } from '@signet/pdf';
import { generateServiceCertificate, SIGNATURE_BOX, verifySealedPdf } from '@signet/signed-pdf';
import { createTestDatabase, freePort, waitFor } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';
import { runSignetUntilExit } from './monolith';
import { drawn, sentEnvelope, session, sign, written } from './signing/flows';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('sealing with a configured certificate, monolith mode', () => {
  let api: TestSignet;

  beforeAll(async () => {
    const certificate = generateServiceCertificate({ commonName: 'Acme Seal' });
    api = await startTestSignet({ SIGNET_SEAL_P12: certificate.p12.toString('base64'), SIGNET_SEAL_PASSPHRASE: certificate.passphrase });
  });

  afterAll(async () => {
    await api.close();
  });

  /** The first document of the envelope, signed, once it is SUCCESS. */
  async function signedPdfOf(envelopeId: string): Promise<Buffer> {
    const done = await waitFor(async () => {
      const shown = (await api.call('GET', `/api/v1/envelopes/${envelopeId}`, { key: KEYS.globex })).body.envelope as Body;
      return shown.status === 'SUCCESS' && shown;
    }, 30_000, 'SUCCESS');
    return Buffer.from(await (await fetch((done.documents as Body[])[0]?.url as string)).arrayBuffer());
  }

  it('seals signed PDFs with SIGNET_SEAL_P12 instead of generating a certificate', async () => {
    const envelope = await sentEnvelope(api, KEYS.globex);
    expect((await sign(api, envelope.tokens.ana as string, drawn)).status).toBe(200);
    expect((await sign(api, envelope.tokens.ben as string, written('Ben Ode'))).status).toBe(200);
    const signedPdf = await signedPdfOf(envelope.id);
    expect(await verifySealedPdf(signedPdf)).toMatchObject({ valid: true, signerCommonName: 'Acme Seal' });
    const db = knex({ client: 'pg', connection: api.signet.config.databaseUrl as string, searchPath: ['envelope'] });
    try {
      expect(await db('seal_pki').count({ count: '*' })).toEqual([{ count: '0' }]);
    } finally {
      await db.destroy();
    }
  });

  it('stamps the FULL signature style: the signer\'s email under the signature, and the seal still verifies', async () => {
    const anaEmail = `ana.full.${randomBytes(4).toString('hex')}@example.com`;
    const envelope = await sentEnvelope(api, KEYS.globex, {
      'recipients[ana][email]': anaEmail,
      'placements[0][document_key]': 'contract', 'placements[0][recipient_key]': 'ana', 'placements[0][token]': '{{ana}}',
      'settings[signature][style]': 'FULL'
    });
    const [placement] = ((await session(api, envelope.tokens.ana as string)).body.documents as Body[])[0]?.placements as Body[];
    expect((await sign(api, envelope.tokens.ana as string, drawn)).status).toBe(200);
    expect((await sign(api, envelope.tokens.ben as string, written('Ben Ode'))).status).toBe(200);
    const signedPdf = await signedPdfOf(envelope.id);
    expect(await verifySealedPdf(signedPdf)).toMatchObject({ valid: true, signerCommonName: 'Acme Seal' });

    // The caption under Ana's placement: "Signature · Ana Lima", then her email, then the time.
    const found = await findTextTokens(signedPdf, ['Signature · Ana Lima', anaEmail]);
    const [caption] = found['Signature · Ana Lima']!;
    const [email] = found[anaEmail]!;
    expect(email).toMatchObject({ page: placement?.page });
    expect(Math.abs(email!.left - (placement?.left as number))).toBeLessThanOrEqual(1);
    expect(email!.top).toBeGreaterThan(caption!.top);
    expect(email!.top).toBeGreaterThanOrEqual((placement?.top as number) + SIGNATURE_BOX.height);
    expect(email!.top).toBeLessThan((placement?.top as number) + SIGNATURE_BOX.height + 30);
  });
});

describe('a configured certificate that cannot be opened', () => {
  it('stops Signet at start, in one line naming the variable, before any envelope could need it', async () => {
    const certificate = generateServiceCertificate({ commonName: 'Acme Seal' });
    const database = await createTestDatabase();
    const dataDir = `/tmp/signet-p12-test-${process.pid}`;
    try {
      const port = String(await freePort());
      const run = await runSignetUntilExit({
        DATABASE_URL: database.url, PORT: port, HOST: '127.0.0.1', PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, SIGNET_INTERNAL_SECRET: 'p12-test-internal-secret',
        DATA_DIR: dataDir, SIGNET_SEAL_P12: certificate.p12.toString('base64'), SIGNET_SEAL_PASSPHRASE: `not-${certificate.passphrase}`
      });
      expect(run.code).toBe(1);
      expect(run.output.trim().split('\n').at(-1)).toBe('Invalid configuration: SIGNET_SEAL_P12 could not be opened with SIGNET_SEAL_PASSPHRASE: PKCS#12 MAC could not be verified. Invalid password?');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  }, 120_000);
});
