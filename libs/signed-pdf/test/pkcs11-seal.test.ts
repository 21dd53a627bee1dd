import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { ensurePkiTools, opensslVerifyCms, opensslVerifyTimestamp, pdfSignatures, pdfsig } from '@signet/testkit';
import {
  addLongTermValidation, createDevelopmentPki, generateTokenKey, issueCertificate, issueCrl, pemOf, type Pkcs11Options, pkcs11Signer,
  sealPdf, signerOf, timestampAuthority, verifySealedPdf
} from '../src';
import { twoPagePdf } from './fixtures';

const SOFTHSM = '/usr/lib/softhsm/libsofthsm2.so';

/** The seal key generated inside a SoftHSM2 token: the same OpenSSL and pdfsig checks as a PKCS#12 key. */
describe('sealing with a key inside a PKCS#11 token (SoftHSM2)', () => {
  // SoftHSM's own configuration (its token directory): jest's process.env is a copy the module never
  // sees, so the test makes a token of its own name there and deletes it afterwards.
  const tokenLabel = `signet-test-${randomBytes(4).toString('hex')}`;
  const options: Pkcs11Options = { module: SOFTHSM, tokenLabel, pin: '1234', keyLabel: 'seal-key' };

  beforeAll(() => {
    ensurePkiTools();
    execFileSync('softhsm2-util', ['--init-token', '--free', '--label', tokenLabel, '--pin', '1234', '--so-pin', '5678']);
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

  it('keeps the private key inside the token: sensitive and not extractable', () => {
    const pkcs11js = require('pkcs11js') as typeof import('pkcs11js');
    const pkcs11 = new pkcs11js.PKCS11();
    pkcs11.load(SOFTHSM);
    pkcs11.C_Initialize();
    try {
      const slot = pkcs11.C_GetSlotList(true).find((candidate) => pkcs11.C_GetTokenInfo(candidate).label.trim() === tokenLabel)!;
      const session = pkcs11.C_OpenSession(slot, pkcs11js.CKF_SERIAL_SESSION);
      pkcs11.C_Login(session, pkcs11js.CKU_USER, '1234');
      pkcs11.C_FindObjectsInit(session, [{ type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_PRIVATE_KEY }]);
      const [key] = pkcs11.C_FindObjects(session, 1);
      pkcs11.C_FindObjectsFinal(session);
      const [sensitive, extractable] = pkcs11.C_GetAttributeValue(session, key!, [{ type: pkcs11js.CKA_SENSITIVE }, { type: pkcs11js.CKA_EXTRACTABLE }]);
      expect([(sensitive!.value as Buffer)[0], (extractable!.value as Buffer)[0]]).toEqual([1, 0]);
      expect(() => pkcs11.C_GetAttributeValue(session, key!, [{ type: pkcs11js.CKA_PRIVATE_EXPONENT }])).toThrow();
    } finally {
      pkcs11.C_Finalize();
    }
  });
});
