import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import 'reflect-metadata';
import { X509Certificate } from '@peculiar/x509';
import * as pkcs11js from 'pkcs11js';
import { opensslVerifyCms, opensslVerifyTimestamp, pdfSignatures, pdfsig } from '@signet/testkit';
import {
  addLongTermValidation, createDevelopmentPki, type DevelopmentPki, generateTokenKey, issueCertificate, issueCrl, pemOf, type Pkcs11Options,
  type Pkcs11SetupError, pkcs11Signer, sealPdf, signerOf, timestampAuthority, verifySealedPdf
} from '../src';
import { twoPagePdf } from './fixtures';

const SOFTHSM = '/usr/lib/softhsm/libsofthsm2.so';

async function certify(pki: DevelopmentPki, publicKey: Buffer): Promise<Buffer> {
  const now = Date.now();
  return issueCertificate(pki.ca, { publicKey, commonName: 'Signet HSM Seal', usage: 'seal', crlUrl: pki.crlUrl, notBefore: new Date(now - 60_000), notAfter: new Date(now + 86_400_000) });
}

/** The seal key generated inside a SoftHSM2 token: the same OpenSSL and pdfsig checks as a PKCS#12 key. */
describe('sealing with a key inside a PKCS#11 token (SoftHSM2)', () => {
  // SoftHSM's own configuration (its token directory): jest's process.env is a copy the module never
  // sees, so the test makes a token of its own name there and deletes it afterwards.
  const tokenLabel = `signet-test-${randomBytes(4).toString('hex')}`;
  const options: Pkcs11Options = { module: SOFTHSM, tokenLabel, pin: '1234', keyLabel: 'seal-key' };

  let slotId: bigint;

  beforeAll(() => {
    const initialized = execFileSync('softhsm2-util', ['--init-token', '--free', '--label', tokenLabel, '--pin', '1234', '--so-pin', '5678']).toString();
    slotId = BigInt(/reassigned to slot (\d+)/.exec(initialized)![1]!);
  });

  afterAll(() => {
    execFileSync('softhsm2-util', ['--delete-token', '--token', tokenLabel]);
  });

  it('seals PAdES B-LTA with the token\'s key; OpenSSL and pdfsig accept it and a flipped byte fails', async () => {
    const pki = await createDevelopmentPki({ crlUrl: 'http://127.0.0.1:9/crl', now: new Date() });
    const caPem = pemOf(pki.ca.certificate);
    const publicKey = generateTokenKey(options);
    const now = Date.now();
    const certificate = await issueCertificate(pki.ca, {
      publicKey, commonName: 'Signet HSM Seal', usage: 'seal', crlUrl: pki.crlUrl, notBefore: new Date(now - 60_000), notAfter: new Date(now + 86_400_000)
    });
    const tsa = timestampAuthority({ signer: signerOf(pki.tsa, [pki.ca.certificate]), policy: '1.3.6.1.4.1.64000.1.1', clock: () => new Date() });
    const signer = pkcs11Signer(options, [certificate, pki.ca.certificate]);
    try {
      const sealed = await sealPdf(await twoPagePdf(), { signer, timestamper: tsa.timestamper });
      const lta = await addLongTermValidation(sealed, { certificates: [certificate, pki.tsa.certificate, pki.ca.certificate], crls: [await issueCrl(pki.ca, new Date())] }, tsa.timestamper);
      const [seal, documentTimestamp] = pdfSignatures(lta);
      expect(opensslVerifyCms(seal!.cms, seal!.signedContent, caPem)).toMatchObject({ ok: true });
      expect(opensslVerifyTimestamp(documentTimestamp!.cms, documentTimestamp!.signedContent, caPem)).toMatchObject({ ok: true });
      const report = pdfsig(lta, caPem);
      expect(report).toContain('Signer Certificate Common Name: Signet HSM Seal');
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Certificate Validation: Certificate is Trusted.');
      expect(await verifySealedPdf(lta)).toEqual({ valid: true, signerCommonName: 'Signet HSM Seal' });
      const flipped = Buffer.from(lta);
      flipped[120] = flipped[120]! ^ 0x01;
      expect(pdfsig(flipped, caPem)).toContain('Digest Mismatch');
    } finally {
      signer.close();
    }
  });

  it('finds the token by its slot id and the key by its id, and its chain among the token\'s certificates', async () => {
    const pki = await createDevelopmentPki({ crlUrl: 'http://127.0.0.1:9/crl', now: new Date() });
    const byId: Pkcs11Options = { module: SOFTHSM, slotId, pin: '1234', keyId: Buffer.from('c0ffee', 'hex') };
    const certificate = await certify(pki, generateTokenKey({ ...byId, keyLabel: 'token-chain-key' }));
    storeCertificates(certificate, pki.ca.certificate);
    const signer = pkcs11Signer(byId);
    try {
      expect(signer.certificates).toEqual([certificate, pki.ca.certificate]);
      const sealed = await sealPdf(await twoPagePdf(), { signer });
      const [seal] = pdfSignatures(sealed);
      expect(opensslVerifyCms(seal!.cms, seal!.signedContent, pemOf(pki.ca.certificate))).toMatchObject({ ok: true });
    } finally {
      signer.close();
    }
  });

  it('names what is wrong: the PIN, the token, the key, a certificate of another key', async () => {
    const refusal = (attempt: () => unknown) => {
      try {
        attempt();
      } catch (error) {
        return { setting: (error as Pkcs11SetupError).setting, message: (error as Error).message };
      }
      throw new Error('no refusal');
    };
    expect(refusal(() => pkcs11Signer({ ...options, pin: '9999' }))).toEqual({ setting: 'pin', message: 'was refused by the token (CKR_PIN_INCORRECT)' });
    expect(refusal(() => pkcs11Signer({ ...options, tokenLabel: 'no-such-token' }))).toEqual({
      setting: 'token', message: expect.stringContaining(`none labelled "no-such-token" (tokens: `)
    });
    expect(refusal(() => pkcs11Signer({ ...options, keyLabel: 'no-such-key' }))).toEqual({ setting: 'key', message: 'names no private key in the token: none labelled "no-such-key"' });
    expect(refusal(() => pkcs11Signer({ module: '/nonexistent/libpkcs11.so', tokenLabel, pin: '1234', keyLabel: 'seal-key' }))).toMatchObject({ setting: 'module' });
    const pki = await createDevelopmentPki({ crlUrl: 'http://127.0.0.1:9/crl', now: new Date() });
    const orphan = { ...options, keyLabel: 'orphan-key' };
    generateTokenKey(orphan);
    expect(refusal(() => pkcs11Signer(orphan, [pki.seal.certificate, pki.ca.certificate]))).toEqual({
      setting: 'certificate', message: 'has no certificate of the key labelled "orphan-key", neither given nor in the token'
    });
  });

  it('keeps the private key inside the token: sensitive and not extractable', () => {
    inSession((pkcs11, session) => {
      pkcs11.C_FindObjectsInit(session, [{ type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_PRIVATE_KEY }]);
      const [key] = pkcs11.C_FindObjects(session, 1);
      pkcs11.C_FindObjectsFinal(session);
      const [sensitive, extractable] = pkcs11.C_GetAttributeValue(session, key!, [{ type: pkcs11js.CKA_SENSITIVE }, { type: pkcs11js.CKA_EXTRACTABLE }]);
      expect([(sensitive!.value as Buffer)[0], (extractable!.value as Buffer)[0]]).toEqual([1, 0]);
      expect(() => pkcs11.C_GetAttributeValue(session, key!, [{ type: pkcs11js.CKA_PRIVATE_EXPONENT }])).toThrow();
    });
  });

  /** A logged-in session on the test's token, straight through pkcs11js: what an operator's tool would do. */
  function inSession(use: (pkcs11: InstanceType<typeof pkcs11js.PKCS11>, session: Buffer) => void): void {
    const pkcs11 = new pkcs11js.PKCS11();
    pkcs11.load(SOFTHSM);
    pkcs11.C_Initialize();
    try {
      const slot = pkcs11.C_GetSlotList(true).find((candidate) => pkcs11.C_GetTokenInfo(candidate).label.trim() === tokenLabel)!;
      const session = pkcs11.C_OpenSession(slot, pkcs11js.CKF_SERIAL_SESSION | pkcs11js.CKF_RW_SESSION);
      pkcs11.C_Login(session, pkcs11js.CKU_USER, '1234');
      use(pkcs11, session);
    } finally {
      pkcs11.C_Finalize();
    }
  }

  /** Stores X.509 certificates in the token, as `pkcs11-tool --write-object cert.der --type cert` does. */
  function storeCertificates(...certificates: Buffer[]): void {
    inSession((pkcs11, session) => {
      for (const der of certificates) {
        const certificate = new X509Certificate(der);
        pkcs11.C_CreateObject(session, [
          { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_CERTIFICATE }, { type: pkcs11js.CKA_CERTIFICATE_TYPE, value: pkcs11js.CKC_X_509 },
          { type: pkcs11js.CKA_TOKEN, value: true }, { type: pkcs11js.CKA_VALUE, value: der },
          { type: pkcs11js.CKA_SUBJECT, value: Buffer.from(certificate.subjectName.toArrayBuffer()) }
        ]);
      }
    });
  }
});
