import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  opensslVerifyCms, opensslVerifyTimestamp, pdfSignatures, pdfsig, pdfsigSignatures, pdfsigTime, signatureTimestamp
} from '@signet/testkit';
import { execFileSync } from 'node:child_process';
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import {
  addDocumentTimestamp, addLongTermValidation, createDevelopmentPki, type DevelopmentPki, httpTimestamper, issueCrl, pemOf, sealPdf, signerOf,
  timestampAuthority, type TimestampAuthority, verifySealedPdf
} from '../src';
import { appendIncrementalUpdate } from '../src/ltv/incremental-update';
import { twoPagePdf } from './fixtures';

/** Checked by OpenSSL and poppler's pdfsig, which share no code with the writer. */
describe('sealing with the development CA, checked by OpenSSL and pdfsig', () => {
  let pki: DevelopmentPki;
  let caPem: string;
  let tsa: TimestampAuthority;
  let original: Uint8Array;

  beforeAll(async () => {
    pki = await createDevelopmentPki({ crlUrl: 'http://127.0.0.1:9/pki/signet-dev-ca.crl', now: new Date() });
    caPem = pemOf(pki.ca.certificate);
    tsa = timestampAuthority({ signer: signerOf(pki.tsa, [pki.ca.certificate]), policy: '1.3.6.1.4.1.64000.1.1', clock: () => new Date() });
    original = await twoPagePdf();
  }, 60_000);

  const sealSigner = () => signerOf(pki.seal, [pki.ca.certificate]);

  it('B-B: OpenSSL verifies the CMS over the signed ranges and pdfsig says valid and trusted; one flipped byte fails both', async () => {
    const sealed = await sealPdf(original, { signer: sealSigner(), reason: 'Signed by every recipient' });
    const [signature] = pdfSignatures(sealed);
    expect(signature?.subFilter).toBe('ETSI.CAdES.detached');
    expect(opensslVerifyCms(signature!.cms, signature!.signedContent, caPem)).toMatchObject({ ok: true });
    const report = pdfsig(sealed, caPem);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Certificate Validation: Certificate is Trusted.');
    expect(report).toContain('Signet Development Seal — not for production');

    const flipped = Buffer.from(sealed);
    const position = Math.floor(signature!.byteRange[1] / 2);
    flipped[position] = flipped[position]! ^ 0x01;
    expect(pdfsig(flipped, caPem)).toContain('Digest Mismatch');
    const [changed] = pdfSignatures(flipped);
    expect(opensslVerifyCms(changed!.cms, changed!.signedContent, caPem).ok).toBe(false);
    expect((await verifySealedPdf(flipped)).valid).toBe(false);
  });

  it('keeps the CAdES baseline properties: signing-certificate-v2, no signing-time, signed attributes in DER order', async () => {
    const sealed = await sealPdf(original, { signer: sealSigner() });
    const [signature] = pdfSignatures(sealed);
    const printed = execFileSync('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER'], { input: signature!.cms }).toString();
    const signedAttributes = printed.slice(printed.indexOf('signedAttrs:'), printed.indexOf('signatureAlgorithm:', printed.indexOf('signedAttrs:')));
    const objects = [...signedAttributes.matchAll(/object: (\S+)/g)].map((match) => match[1]);
    // DER sorts a SET OF by encoding: content-type (…9.3, shortest), message-digest (…9.4), then …9.16.2.47.
    expect(objects).toEqual(['contentType', 'messageDigest', 'id-smime-aa-signingCertificateV2']);
    expect(printed).not.toContain('signingTime');
    // The DER check OpenSSL itself applies: re-encoding the parsed CMS gives the same bytes.
    const reencoded = execFileSync('openssl', ['cms', '-cmsout', '-inform', 'DER', '-outform', 'DER'], { input: signature!.cms });
    expect(reencoded.equals(signature!.cms)).toBe(true);
  });

  it('B-T: the signature carries a signature-time-stamp that `openssl ts -verify` accepts over the signature value', async () => {
    const sealed = await sealPdf(original, { signer: sealSigner(), timestamper: tsa.timestamper });
    const [signature] = pdfSignatures(sealed);
    expect(opensslVerifyCms(signature!.cms, signature!.signedContent, caPem)).toMatchObject({ ok: true });
    const stamp = signatureTimestamp(signature!.cms);
    expect(stamp).not.toBeNull();
    expect(opensslVerifyTimestamp(stamp!.token, stamp!.signatureValue, caPem)).toMatchObject({ ok: true });
    const wrongData = Buffer.concat([stamp!.signatureValue, Buffer.from([0])]);
    expect(opensslVerifyTimestamp(stamp!.token, wrongData, caPem).ok).toBe(false);

    // pdfsig 22.12 validates the seal but does not read its signature-time-stamp: its "Signing Time" is
    // the /M the signature dictionary claims, and no line of its report speaks of a timestamp.
    const [report] = pdfsigSignatures(sealed, caPem);
    expect(report?.fields).toMatchObject({ 'Signature Validation': 'Signature is Valid.', 'Certificate Validation': 'Certificate is Trusted.' });
    const [year, month, day, hours, minutes, seconds] = /\/M \(D:(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)Z\)/.exec(Buffer.from(sealed).toString('latin1'))!.slice(1).map(Number);
    expect(report?.fields['Signing Time']).toBe(pdfsigTime(new Date(Date.UTC(year!, month! - 1, day, hours, minutes, seconds))));
    expect(report?.lines.join('\n')).not.toMatch(/stamp|TSA/i);
  });

  describe('B-LTA: /DSS and a document timestamp in incremental updates', () => {
    let lta: Buffer;

    beforeAll(async () => {
      const sealed = await sealPdf(original, { signer: sealSigner(), timestamper: tsa.timestamper });
      const validationData = { certificates: [pki.seal.certificate, pki.tsa.certificate, pki.ca.certificate], crls: [await issueCrl(pki.ca, new Date())] };
      lta = await addLongTermValidation(sealed, validationData, tsa.timestamper);
    });

    it('keeps the seal valid and trusted for pdfsig, adds the TSA\'s document timestamp over the whole file, and OpenSSL verifies both', async () => {
      const [seal, documentTimestamp] = pdfsigSignatures(lta, caPem);
      expect(seal?.fields).toMatchObject({
        'Signature Type': 'ETSI.CAdES.detached', 'Signature Validation': 'Signature is Valid.', 'Certificate Validation': 'Certificate is Trusted.'
      });
      expect(seal?.lines).toContain('Not total document signed');
      // poppler 22 lists a document timestamp without validating it (stderr: "Unable to validate this type of
      // signature"), with no /M to show as its time: OpenSSL is the check of the token, below.
      expect(documentTimestamp?.fields).toMatchObject({
        'Signer Certificate Common Name': 'Signet Development TSA — not for production', 'Signature Type': 'unknown',
        'Signature Validation': 'Signature has not yet been verified.', 'Signing Time': 'Jan 01 1970 00:00:00'
      });
      expect(documentTimestamp?.lines).toContain('Total document signed');
      expect(pdfsig(lta, caPem)).toContain('Unable to validate this type of signature');

      const [sealSignature, timestampSignature] = pdfSignatures(lta);
      expect(timestampSignature?.subFilter).toBe('ETSI.RFC3161');
      expect(opensslVerifyCms(sealSignature!.cms, sealSignature!.signedContent, caPem)).toMatchObject({ ok: true });
      expect(opensslVerifyTimestamp(timestampSignature!.cms, timestampSignature!.signedContent, caPem)).toMatchObject({ ok: true });
      expect(await verifySealedPdf(lta)).toEqual({ valid: true, signerCommonName: 'Signet Development Seal — not for production' });

      const document = await PDFDocument.load(lta);
      const dss = document.catalog.lookup(PDFName.of('DSS'), PDFDict);
      expect(dss.lookup(PDFName.of('Certs'), PDFArray).size()).toBe(3);
      expect(dss.lookup(PDFName.of('CRLs'), PDFArray).size()).toBe(1);
    });

    it('fails on one flipped byte, in the sealed revision or in the long-term validation data', async () => {
      const [sealSignature, timestampSignature] = pdfSignatures(lta);
      const inSeal = Buffer.from(lta);
      inSeal[100] = inSeal[100]! ^ 0x01;
      expect(pdfsig(inSeal, caPem)).toContain('Digest Mismatch');
      expect(await verifySealedPdf(inSeal)).toMatchObject({ valid: false });

      const inDss = Buffer.from(lta);
      const at = sealSignature!.byteRange[2] + sealSignature!.byteRange[3] + 50;
      inDss[at] = inDss[at]! ^ 0x01;
      expect(await verifySealedPdf(inDss)).toMatchObject({ valid: false, reason: 'The file was changed after it was timestamped' });
      const [, changedTimestamp] = pdfSignatures(inDss);
      expect(opensslVerifyTimestamp(timestampSignature!.cms, changedTimestamp!.signedContent, caPem).ok).toBe(false);
    });

    it('refuses an update that changes the signed pages, even under a new document timestamp', async () => {
      const changed = await appendIncrementalUpdate(lta, (document) => {
        const page = document.getPage(0);
        page.node.set(PDFName.of('Rotate'), document.context.obj(90));
        return [page.ref];
      });
      const restamped = await addDocumentTimestamp(changed, tsa.timestamper);
      expect(await verifySealedPdf(restamped)).toMatchObject({ valid: false, reason: expect.stringMatching(/^The file was changed after it was sealed: Object \d+ was changed after signing \(entry \/Rotate\)$/) });
    });
  });

  describe('the RFC 3161 client over HTTP', () => {
    let server: Server;
    let base: string;
    const seen: Array<{ path: string; authorization?: string; contentType?: string }> = [];

    beforeAll(async () => {
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', async () => {
          seen.push({ path: request.url ?? '', authorization: request.headers.authorization, contentType: request.headers['content-type'] });
          if (request.url === '/down') return response.writeHead(503).end();
          if (request.url === '/garbage') return response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end('not DER');
          const reply = await tsa.respond(Buffer.concat(chunks));
          response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(reply);
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('fails over to the next TSA, sends the credentials, and the token verifies', async () => {
      const client = httpTimestamper({ urls: [`${base}/down`, `${base}/garbage`, `${base}/tsa`], username: 'signet', password: 's3cret' });
      const data = Buffer.from('the signature value');
      const token = await client.timestamp(data);
      expect(opensslVerifyTimestamp(token, data, caPem)).toMatchObject({ ok: true });
      expect(seen.slice(-3).map((request) => request.path)).toEqual(['/down', '/garbage', '/tsa']);
      expect(seen.at(-1)).toMatchObject({
        authorization: `Basic ${Buffer.from('signet:s3cret').toString('base64')}`, contentType: 'application/timestamp-query'
      });
    });

    it('fails, naming each TSA, when none gives a timestamp', async () => {
      const client = httpTimestamper({ urls: [`${base}/down`, `${base}/garbage`] });
      await expect(client.timestamp(Buffer.from('x'))).rejects.toThrow(/No TSA gave a timestamp \(127\.0\.0\.1:\d+: HTTP 503; 127\.0\.0\.1:\d+: .+\)/);
    });
  });
});
