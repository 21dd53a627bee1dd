import { X509Certificate } from 'node:crypto';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { generateServiceCertificate, pkcs12Signer, sealPdf, type ServiceCertificate, stampSignedPdf, verifySealedPdf } from '../src';
import { DOCUMENT_ID, drawnBy, twoPagePdf } from './fixtures';

const COMMON_NAME = 'Signet Sello Electrónico';

/** The signed ranges of the sealed file's /ByteRange: everything but the /Contents hole. */
function signedRanges(bytes: Uint8Array): [[number, number], [number, number]] {
  const match = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/.exec(Buffer.from(bytes).toString('latin1'));
  const [start, holeStart, holeEnd, tail] = match!.slice(1).map(Number) as [number, number, number, number];
  return [[start, holeStart], [holeEnd, holeEnd + tail]];
}

function withByteChanged(bytes: Uint8Array, position: number): Buffer {
  const changed = Buffer.from(bytes);
  changed[position] = changed[position]! ^ 0x01;
  return changed;
}

async function signatureDictionary(bytes: Uint8Array): Promise<PDFDict> {
  const document = await PDFDocument.load(bytes);
  const form = document.catalog.lookup(PDFName.of('AcroForm'), PDFDict);
  const field = form.lookup(PDFName.of('Fields'), PDFArray).lookup(0, PDFDict);
  return field.lookup(PDFName.of('V'), PDFDict);
}

describe('sealPdf and verifySealedPdf', () => {
  let certificate: ServiceCertificate;
  let original: Uint8Array;
  let sealed: Uint8Array;

  beforeAll(async () => {
    certificate = generateServiceCertificate({ commonName: COMMON_NAME, organization: 'Signet' });
    // Sealing is the last step after stamping, so it seals what stampSignedPdf writes.
    original = await stampSignedPdf({
      pdf: await twoPagePdf(),
      documentId: DOCUMENT_ID,
      documentIdLabel: 'Signet Sign ID:',
      placements: [{ type: 'SIGNATURE', page: 1, left: 100, top: 200, recipient: drawnBy('Ana Núñez', 'ana@example.com') }]
    });
    sealed = await sealPdf(original, {
      signer: pkcs12Signer(certificate.p12, certificate.passphrase),
      reason: 'Signed by all recipients (envelope 42)',
      location: 'Santiago'
    });
  });

  it('seals with a PAdES signature that verifies and names the service certificate', async () => {
    expect(await verifySealedPdf(sealed)).toEqual({ valid: true, signerCommonName: COMMON_NAME });
    const signature = await signatureDictionary(sealed);
    expect(signature.get(PDFName.of('SubFilter'))).toBe(PDFName.of('ETSI.CAdES.detached'));
    expect(signature.lookup(PDFName.of('Reason'), PDFString).decodeText()).toBe('Signed by all recipients (envelope 42)');
    expect(signature.lookup(PDFName.of('Location'), PDFString).decodeText()).toBe('Santiago');
    // Without a name, the certificate's common name (Latin-1 here, so written as is).
    expect(signature.lookup(PDFName.of('Name'), PDFString).decodeText()).toBe(COMMON_NAME);
    expect((await PDFDocument.load(sealed)).getPageCount()).toBe(2);
  });

  it('covers the whole file but the signature itself', async () => {
    const [[start, holeStart], [holeEnd, end]] = signedRanges(sealed);
    expect(start).toBe(0);
    expect(end).toBe(sealed.length);
    expect(Buffer.from(sealed.subarray(holeStart, holeEnd)).toString('latin1')).toMatch(/^<[0-9a-f]+>$/);
  });

  it('stops verifying when any one byte of the signed ranges changes', async () => {
    const ranges = signedRanges(sealed);
    const positions = ranges.flatMap(([start, end]) => {
      const step = Math.max(1, Math.floor((end - start) / 60));
      const sampled = Array.from({ length: Math.ceil((end - start) / step) }, (_, index) => start + index * step);
      return [...sampled, end - 1];
    });
    // The signature dictionary's own entries are signed too, /ByteRange included.
    const byteRangeAt = Buffer.from(sealed).indexOf('/ByteRange');
    positions.push(...Array.from({ length: 40 }, (_, index) => byteRangeAt + index));
    for (const position of positions) {
      const verdict = await verifySealedPdf(withByteChanged(sealed, position));
      expect({ position, valid: verdict.valid }).toEqual({ position, valid: false });
    }
  });

  it('says what is wrong: a changed byte, appended bytes, a forged signature value, no seal at all', async () => {
    const [[, holeStart], [holeEnd]] = signedRanges(sealed);
    expect(await verifySealedPdf(withByteChanged(sealed, 100))).toEqual({
      valid: false,
      signerCommonName: COMMON_NAME,
      reason: 'The file was changed after it was sealed'
    });
    const appended = Buffer.concat([sealed, Buffer.from('\n1 0 obj\n(incremental update)\nendobj\n')]);
    expect(await verifySealedPdf(appended)).toMatchObject({ valid: false, reason: 'The signature does not cover the whole file' });

    // The signature value is the last element of the CMS, just before the zero padding.
    const hex = Buffer.from(sealed.subarray(holeStart + 1, holeEnd - 1)).toString('latin1');
    const lastSignatureDigit = holeStart + 1 + hex.replace(/0+$/, '').length - 1;
    const forged = Buffer.from(sealed);
    forged[lastSignatureDigit] = forged[lastSignatureDigit] === 0x31 ? 0x32 : 0x31;
    expect(await verifySealedPdf(forged)).toMatchObject({ valid: false, reason: 'The signature does not match the signing certificate' });

    expect(await verifySealedPdf(original)).toEqual({ valid: false, signerCommonName: null, reason: 'The file has no signature' });
  });

  it('refuses a PKCS#12 it cannot open', async () => {
    expect(() => pkcs12Signer(certificate.p12, 'not the passphrase')).toThrow();
  });

  it('writes literal strings the signature dictionary can hold', async () => {
    const bytes = await sealPdf(original, {
      signer: pkcs12Signer(certificate.p12, certificate.passphrase),
      name: 'Sello (servicio) \\ Signet',
      reason: 'Firmado ✓'
    });
    expect((await verifySealedPdf(bytes)).valid).toBe(true);
    const signature = await signatureDictionary(bytes);
    expect(signature.lookup(PDFName.of('Name'), PDFString).decodeText()).toBe('Sello (servicio) \\ Signet');
    expect(signature.lookup(PDFName.of('Reason'), PDFString).decodeText()).toBe('Firmado ?');
  });
});

describe('generateServiceCertificate', () => {
  it('makes a self-signed RSA 2048 certificate whose PKCS#12 seals documents in its name', async () => {
    const generated = generateServiceCertificate({ commonName: 'Acme Seal', organization: 'Acme Ltd', validDays: 30 });
    const x509 = new X509Certificate(generated.certificatePem);
    expect(x509.subject).toBe('CN=Acme Seal\nO=Acme Ltd');
    expect(x509.issuer).toBe(x509.subject);
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(x509.publicKey.asymmetricKeyDetails).toMatchObject({ modulusLength: 2048 });
    const days = (Date.parse(x509.validTo) - Date.parse(x509.validFrom)) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    const sealed = await sealPdf(await twoPagePdf(), { signer: pkcs12Signer(generated.p12, generated.passphrase) });
    expect(await verifySealedPdf(sealed)).toEqual({ valid: true, signerCommonName: 'Acme Seal' });
  });

  it('generates a new key and passphrase each time', async () => {
    const first = generateServiceCertificate({ commonName: 'Seal' });
    const second = generateServiceCertificate({ commonName: 'Seal' });
    expect(first.passphrase).not.toBe(second.passphrase);
    expect(new X509Certificate(first.certificatePem).publicKey.equals(new X509Certificate(second.certificatePem).publicKey)).toBe(false);
    expect(() => generateServiceCertificate({ commonName: 'Seal', validDays: 0 })).toThrow(RangeError);
  });
});
