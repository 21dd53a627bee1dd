import {
  opensslTimestampTime, opensslVerifyCms, opensslVerifyTimestamp, pdfSignatures, pdfsigSignatures, signatureTimestamp
} from '@signet/testkit';

export interface BltaExpectation {
  /** The root the seal and the TSA chain to, trusted by pdfsig (NSS database) and OpenSSL (-CAfile). */
  caPem: string;
  sealCommonName: string;
  tsaCommonName: string;
}

/** What the tools read from the file, for comparison with Signet's own report. */
export interface IndependentReading {
  /** pdfsig's "Signing Time" of the seal: the /M its signature dictionary claims (pdfsig 22.12 shows no timestamp). */
  pdfsigSigningTime: string;
  /** The signature-time-stamp's time, as OpenSSL reads the token. */
  signatureTimestamp: Date;
  /** The document timestamp's time, as OpenSSL reads the token. */
  documentTimestamp: Date;
}

/**
 * A PAdES B-LTA file (a seal, a /DSS, a document timestamp) checked only by tools Signet did not write:
 * pdfsig for the seal (valid, trusted, the signer) and OpenSSL for the CMS over the signed ranges and
 * both timestamp tokens, since pdfsig 22.12 validates neither timestamp (it lists the document
 * timestamp as "Signature Type: unknown", not verified).
 */
export function checkBltaIndependently(pdf: Buffer, expected: BltaExpectation): IndependentReading {
  const signatures = pdfSignatures(pdf);
  expect(signatures.map((signature) => signature.subFilter)).toEqual(['ETSI.CAdES.detached', 'ETSI.RFC3161']);
  const [seal, documentTimestamp] = signatures as [(typeof signatures)[0], (typeof signatures)[0]];

  const [sealReport, timestampReport] = pdfsigSignatures(pdf, expected.caPem);
  expect(sealReport?.fields).toMatchObject({
    'Signer Certificate Common Name': expected.sealCommonName, 'Signing Hash Algorithm': 'SHA-256', 'Signature Type': 'ETSI.CAdES.detached',
    'Signature Validation': 'Signature is Valid.', 'Certificate Validation': 'Certificate is Trusted.'
  });
  // The /DSS and the document timestamp are appended after the seal, in later revisions.
  expect(sealReport?.lines).toContain('Not total document signed');
  expect(timestampReport?.fields).toMatchObject({
    'Signer Certificate Common Name': expected.tsaCommonName, 'Signature Type': 'unknown', 'Signature Validation': 'Signature has not yet been verified.'
  });
  expect(timestampReport?.lines).toContain('Total document signed');

  expect(opensslVerifyCms(seal.cms, seal.signedContent, expected.caPem)).toMatchObject({ ok: true });
  const stamp = signatureTimestamp(seal.cms);
  expect(stamp).not.toBeNull();
  expect(opensslVerifyTimestamp(stamp!.token, stamp!.signatureValue, expected.caPem)).toMatchObject({ ok: true });
  expect(opensslVerifyTimestamp(documentTimestamp.cms, documentTimestamp.signedContent, expected.caPem)).toMatchObject({ ok: true });
  expect(pdf.toString('latin1')).toMatch(/\/DSS \d+ 0 R/);
  return {
    pdfsigSigningTime: sealReport?.fields['Signing Time'] ?? '',
    signatureTimestamp: opensslTimestampTime(stamp!.token),
    documentTimestamp: opensslTimestampTime(documentTimestamp.cms)
  };
}

/**
 * One flipped byte in the sealed revision fails pdfsig's digest check and OpenSSL's CMS check; one in
 * the last revision (after the seal's ranges) fails the document timestamp under OpenSSL.
 */
export function expectTamperingCaught(pdf: Buffer, caPem: string): void {
  const [seal, documentTimestamp] = pdfSignatures(pdf);
  const inSeal = Buffer.from(pdf);
  inSeal[200] = inSeal[200]! ^ 0x01;
  expect(pdfsigSignatures(inSeal, caPem)[0]?.fields['Signature Validation']).toBe('Digest Mismatch.');
  const [changedSeal] = pdfSignatures(inSeal);
  expect(opensslVerifyCms(seal!.cms, changedSeal!.signedContent, caPem).ok).toBe(false);

  // The "%%EOF" of the last revision: covered by the document timestamp alone.
  const inLastRevision = Buffer.from(pdf);
  const eof = inLastRevision.lastIndexOf('%%EOF');
  inLastRevision[eof + 2] = inLastRevision[eof + 2]! ^ 0x01;
  const [, changedTimestamp] = pdfSignatures(inLastRevision);
  expect(opensslVerifyTimestamp(documentTimestamp!.cms, changedTimestamp!.signedContent, caPem).ok).toBe(false);
}
