import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import knex from 'knex';
import { issueCertificate } from '@signet/signed-pdf';
import {
  createTestDatabase, freePort, opensslVerifyCms, pdfSignatures, pdfsigSignatures, pdftotext, pdfsigTime, samplePdf, type TestDatabase, waitFor
} from '@signet/testkit';
import { bodyOf } from './harness';
import { runSignetUntilExit, startSignetProcess, type StartedProcess } from './monolith';
import { checkBltaIndependently, expectTamperingCaught } from './seal/independent-checks';
import { type LocalPki, startLocalPki } from './seal/local-pki';
import { createSoftHsmToken, SOFTHSM_MODULE, type SoftHsmToken } from './seal/softhsm-token';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const KEY = 'hsm-test-key';
const SEAL_NAME = 'Acme HSM Seal';
const SIGNER_CA_NAME = 'Acme HSM Signer CA';
const EVERY_SCRIPT = 'Łukasz Żółć 王伟 김민준 さくら Ελένη Дмитрий';

/**
 * Signet in monolith mode, in a process of its own, sealing with a key generated inside a fresh
 * SoftHSM2 token: the seal certificate stored in the token, the CA's in a PEM file, the PIN in a file.
 * The signed PDF and the evidence sheet pass the same pdfsig and OpenSSL checks as the development CA's.
 */
describe('sealing with a key in an HSM (PKCS#11, SoftHSM2), end to end through the gateway', () => {
  let token: SoftHsmToken;
  let ca: LocalPki;
  let database: TestDatabase;
  let signet: StartedProcess;
  let baseEnv: Record<string, string>;

  beforeAll(async () => {
    ca = await startLocalPki();
    token = createSoftHsmToken('signet-seal', '4321');
    const publicKey = token.generateKey('seal-key', '5e41');
    const now = Date.now();
    const certificate = await issueCertificate(ca.pki.ca, {
      publicKey, commonName: SEAL_NAME, usage: 'seal', crlUrl: ca.crlUrl, notBefore: new Date(now - 60_000), notAfter: new Date(now + 86_400_000)
    });
    token.writeCertificate(certificate, 'seal-key', '5e41');
    // The signer CA of advanced signatures: a key in the same token, certified as a CA by the test CA.
    const signerCaKey = token.generateKey('signer-ca-key', 'ca01');
    const signerCaCertificate = await issueCertificate(ca.pki.ca, {
      publicKey: signerCaKey, commonName: SIGNER_CA_NAME, usage: 'ca', crlUrl: ca.crlUrl, notBefore: new Date(now - 60_000), notAfter: new Date(now + 86_400_000)
    });
    token.writeCertificate(signerCaCertificate, 'signer-ca-key', 'ca01');
    writeFileSync(path.join(token.dir, 'pin'), '4321\n');
    writeFileSync(path.join(token.dir, 'ca.pem'), ca.caPem);
    database = await createTestDatabase();
    const port = await freePort();
    baseEnv = {
      ...token.env, DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(token.dir, 'data'), SIGNET_INTERNAL_SECRET: 'hsm-test-internal-secret', SIGNET_BOOTSTRAP_API_KEYS: `${KEY}:hsm:enterprise`,
      OUTBOX_POLL_INTERVAL_MS: '50', PUBLIC_RATE_LIMIT_PER_MINUTE: '10000000', TSA_URL: ca.tsaUrl,
      SIGNET_SEAL_PKCS11_MODULE: SOFTHSM_MODULE, SIGNET_SEAL_PKCS11_TOKEN: token.label, SIGNET_SEAL_PKCS11_PIN_FILE: path.join(token.dir, 'pin'),
      SIGNET_SEAL_PKCS11_KEY_ID: '5e41', SIGNET_SEAL_CHAIN_FILE: path.join(token.dir, 'ca.pem'), SIGNET_SIGNER_CA_PKCS11_KEY_LABEL: 'signer-ca-key'
    };
    signet = await startSignetProcess(baseEnv);
  }, 120_000);

  afterAll(async () => {
    signet?.child.kill('SIGTERM');
    await signet?.exited;
    await database?.drop();
    await ca?.close();
    token?.remove();
  });

  async function call(method: string, route: string, options: { key?: string | null; json?: unknown; form?: Record<string, string> } = {}): Promise<Body> {
    const headers: Record<string, string> = options.key === null ? {} : { authorization: options.key ?? KEY };
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${signet.url}${route}`, { method, headers, body: bodyOf(options) });
    const answer = await response.json() as Body;
    if (response.status !== 200) throw new Error(`${method} ${route} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer;
  }

  /** The signing token of the invitation the development mailbox holds for `email`, through its tracked link. */
  async function signingToken(email: string): Promise<string> {
    const link = await waitFor(async () => {
      const { messages } = await (await fetch(`${signet.url}/dev/mail/messages.json`)).json() as { messages: Body[] };
      const invitation = messages.find((message) => String(message.to).includes(email) && String(message.subject).includes('to sign'));
      return invitation && (/href="([^"]+)"/.exec(String(invitation.html))?.[1] ?? false);
    }, 30_000, `the invitation to ${email}`);
    const tracked = await fetch(link.replace(/&amp;/g, '&'), { redirect: 'manual' });
    return String(tracked.headers.get('location')).split('/sign/')[1] as string;
  }

  let envelopeId = '';

  async function completedEnvelope(level = 'seal'): Promise<Body> {
    const created = await call('POST', '/api/v1/envelopes', {
      form: {
        'settings[signature][level]': level,
        'documents[contract][base64]': (await samplePdf({ pages: 2, text: 'Sign here: {{ana}}' })).toString('base64'),
        'documents[contract][name]': 'contract.pdf',
        'recipients[ana][email]': `ana.${level}.hsm@example.com`, 'recipients[ana][name]': 'Ana Lima',
        'recipients[ben][email]': `ben.${level}.hsm@example.com`, 'recipients[ben][name]': EVERY_SCRIPT
      }
    });
    envelopeId = (created.envelope as Body).id as string;
    await call('POST', `/api/v1/envelopes/${envelopeId}/send_invitation`);
    for (const [email, text] of [[`ana.${level}.hsm@example.com`, 'Ana Lima'], [`ben.${level}.hsm@example.com`, EVERY_SCRIPT]] as const) {
      await call('POST', `/signing/v1/${await signingToken(email)}/sign`, { key: null, json: { consent: true, signature: { type: 'WRITTEN', text } } });
    }
    return waitFor(async () => {
      const envelope = (await call('GET', `/api/v1/envelopes/${envelopeId}`)).envelope as Body;
      return envelope.status === 'SUCCESS' && envelope;
    }, 60_000, 'SUCCESS');
  }

  /** Signet's own report of the seal, to compare with what pdfsig and OpenSSL read. */
  async function signetReport(pdf: Buffer): Promise<Body> {
    const response = await fetch(`${signet.url}/api/v1/signature-reports`, { method: 'POST', headers: { authorization: KEY, 'content-type': 'application/pdf' }, body: pdf });
    const report = await response.json() as Body;
    return (report.signatures as Body[])[0]!;
  }

  it('publishes the chain built from the token\'s certificate and the CA file, and generates no key of its own', async () => {
    const chain = await call('GET', '/api/v1/seal/certificates');
    expect(chain.development).toBe(false);
    expect((chain.seal as Body[]).map((certificate) => certificate.subject)).toEqual([expect.stringContaining(`CN=${SEAL_NAME}`), expect.any(String)]);
    // The test's CA (made by the same code as Signet's development CA, hence its name), from SIGNET_SEAL_CHAIN_FILE.
    expect((chain.seal as Body[])[1]?.pem).toBe(ca.caPem);
    expect(chain.crl_url).toBeNull();
    const db = knex({ client: 'pg', connection: database.url, searchPath: ['envelope'] });
    try {
      expect(await db('seal_pki').count({ count: '*' })).toEqual([{ count: '0' }]);
    } finally {
      await db.destroy();
    }
  });

  it('seals a completed envelope\'s PDF with the HSM key: pdfsig and OpenSSL accept it with the CA trusted, and it names every script', async () => {
    const done = await completedEnvelope();
    const signedPdf = Buffer.from(await (await fetch((done.documents as Body[])[0]?.url as string)).arrayBuffer());
    const read = checkBltaIndependently(signedPdf, { caPem: ca.caPem, sealCommonName: SEAL_NAME, tsaCommonName: 'Signet Development TSA — not for production' });
    const report = await signetReport(signedPdf);
    expect(report).toMatchObject({ pades_level: 'B-LTA', chain_trusted: true, integrity: { valid: true } });
    expect(pdfsigTime(new Date(report.claimed_signing_time as string))).toBe(read.pdfsigSigningTime);
    expect(report.timestamped_time).toBe(read.signatureTimestamp.toISOString());
    expect(read.documentTimestamp.getTime()).toBeGreaterThanOrEqual(read.signatureTimestamp.getTime());
    // The /DSS carries the CA's CRL, fetched from the distribution point the seal certificate names.
    expect(ca.requests).toContain('GET /ca.crl');
    expectTamperingCaught(signedPdf, ca.caPem);
    expect(pdftotext(signedPdf).split('\n').map((line) => line.trim())).toContain(EVERY_SCRIPT);
  }, 120_000);

  it('seals the evidence sheet with the HSM key the same way, and writes every script', async () => {
    const shown = await waitFor(async () => {
      const response = await fetch(`${signet.url}/api/v1/envelopes/${envelopeId}/evidence`, { headers: { authorization: KEY } });
      return response.status === 200 && await response.json() as Body;
    }, 60_000, 'the evidence sheet');
    const evidence = Buffer.from(await (await fetch(shown.evidence_document_url as string)).arrayBuffer());
    checkBltaIndependently(evidence, { caPem: ca.caPem, sealCommonName: SEAL_NAME, tsaCommonName: 'Signet Development TSA — not for production' });
    expectTamperingCaught(evidence, ca.caPem);
    expect(pdftotext(evidence)).toContain(EVERY_SCRIPT);
  }, 120_000);

  it('signs each signer\'s act with a key made in the token for that act, certified by the signer CA whose key is in the token too', async () => {
    const objectsBefore = token.listObjects();
    const done = await completedEnvelope('advanced');
    const signedPdf = Buffer.from(await (await fetch((done.documents as Body[])[0]?.url as string)).arrayBuffer());
    const reports = pdfsigSignatures(signedPdf, ca.caPem);
    expect(reports.map((report) => report.fields['Signer Certificate Common Name'])).toEqual(['Ana Lima', EVERY_SCRIPT, SEAL_NAME, 'Signet Development TSA — not for production']);
    for (const report of reports.slice(0, 3)) expect(report.fields).toMatchObject({ 'Signature Validation': 'Signature is Valid.', 'Certificate Validation': 'Certificate is Trusted.' });
    const signatures = pdfSignatures(signedPdf);
    for (const signature of signatures.slice(0, 2)) {
      expect(opensslVerifyCms(signature.cms, signature.signedContent, ca.caPem)).toMatchObject({ ok: true });
      expect(execFileSync('openssl', ['pkcs7', '-inform', 'DER', '-print_certs', '-noout'], { input: signature.cms }).toString()).toContain(SIGNER_CA_NAME);
    }
    // The act keys were session objects, destroyed after each act: the token holds what it held before.
    expect(token.listObjects()).toEqual(objectsBefore);
  }, 120_000);

  it('refuses to start when the token refuses the PIN, in one line naming the variable', async () => {
    writeFileSync(path.join(token.dir, 'wrong-pin'), '0000\n');
    const other = await createTestDatabase();
    try {
      const run = await runSignetUntilExit({ ...baseEnv, DATABASE_URL: other.url, PORT: String(await freePort()), SIGNET_SEAL_PKCS11_PIN_FILE: path.join(token.dir, 'wrong-pin') });
      expect(run.code).toBe(1);
      expect(run.output.trim().split('\n').at(-1)).toBe('Invalid configuration: SIGNET_SEAL_PKCS11_PIN_FILE was refused by the token (CKR_PIN_INCORRECT)');
    } finally {
      await other.drop();
    }
  }, 120_000);
});
