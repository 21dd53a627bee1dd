import 'reflect-metadata';
import { createHash, verify } from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  BasicOCSPResponse, CertID, id_kp_OCSPSigning, id_pkix_ocsp_basic, OCSPRequest, OCSPResponse, OCSPResponseStatus, Request, TBSRequest
} from '@peculiar/asn1-ocsp';
import { AlgorithmIdentifier, Certificate } from '@peculiar/asn1-x509';
import * as x509 from '@peculiar/x509';
import type { Logger } from '@signet/log';

const OCSP_TIMEOUT_MS = 10_000;
const MAX_OCSP_BYTES = 1024 * 1024;
const SHA1 = '1.3.14.3.2.26';
/** The signature algorithms OCSP responders use, as node:crypto names their digests. */
const DIGEST_OF: Record<string, string> = {
  '1.2.840.113549.1.1.5': 'sha1', '1.2.840.113549.1.1.11': 'sha256', '1.2.840.113549.1.1.12': 'sha384', '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.3.2': 'sha256', '1.2.840.10045.4.3.3': 'sha384', '1.2.840.10045.4.3.4': 'sha512'
};

const sha1 = (bytes: ArrayBuffer) => new OctetString(createHash('sha1').update(Buffer.from(bytes)).digest());

/** RFC 6960 4.1.1: the issuer's name and key hashed with SHA-1 (what every responder answers for), and the serial. */
function certIdOf(certificate: x509.X509Certificate, issuer: x509.X509Certificate): CertID {
  const { tbsCertificate } = AsnConvert.parse(certificate.rawData, Certificate);
  const issuerKey = AsnConvert.parse(issuer.rawData, Certificate).tbsCertificate.subjectPublicKeyInfo.subjectPublicKey;
  return new CertID({
    hashAlgorithm: new AlgorithmIdentifier({ algorithm: SHA1, parameters: null }),
    issuerNameHash: sha1(AsnConvert.serialize(tbsCertificate.issuer)),
    issuerKeyHash: sha1(issuerKey),
    serialNumber: tbsCertificate.serialNumber
  });
}

function ocspUrlOf(certificate: x509.X509Certificate): string | null {
  const access = certificate.getExtension(x509.AuthorityInfoAccessExtension);
  return access?.ocsp.map((name) => name.value).find((url) => url.startsWith('http://') || url.startsWith('https://')) ?? null;
}

/** The key that signed the response: the issuer's own, or a responder's certificate the issuer gave id-kp-OCSPSigning. */
async function responderKeys(basic: BasicOCSPResponse, issuer: x509.X509Certificate): Promise<x509.PublicKey[]> {
  const keys = [issuer.publicKey];
  for (const raw of basic.certs ?? []) {
    const delegated = new x509.X509Certificate(AsnConvert.serialize(raw));
    const usages = delegated.getExtension(x509.ExtendedKeyUsageExtension)?.usages ?? [];
    if (usages.includes(id_kp_OCSPSigning) && await delegated.verify({ publicKey: issuer.publicKey, signatureOnly: true })) keys.push(delegated.publicKey);
  }
  return keys;
}

/**
 * The response, once it says `good` for this certificate under a signature of its issuer (or of a
 * responder the issuer named); anything else throws, with why.
 */
async function checkedResponse(der: Buffer, certificate: x509.X509Certificate, issuer: x509.X509Certificate, asked: CertID): Promise<Buffer> {
  const response = AsnConvert.parse(der, OCSPResponse);
  if (response.responseStatus !== OCSPResponseStatus.successful) throw new Error(`responder status ${OCSPResponseStatus[response.responseStatus]}`);
  if (response.responseBytes?.responseType !== id_pkix_ocsp_basic) throw new Error('not a basic OCSP response');
  const basic = AsnConvert.parse(response.responseBytes.response.buffer, BasicOCSPResponse);
  const digest = DIGEST_OF[basic.signatureAlgorithm.algorithm];
  if (!digest || !basic.tbsResponseDataRaw) throw new Error(`unsupported signature algorithm ${basic.signatureAlgorithm.algorithm}`);
  const signed = Buffer.from(basic.tbsResponseDataRaw);
  const keys = await responderKeys(basic, issuer);
  const signedBy = await Promise.all(keys.map(async (key) => verify(digest, signed, await key.export(), Buffer.from(basic.signature))));
  if (!signedBy.includes(true)) throw new Error('not signed by the issuer or a responder it named');
  const ours = Buffer.from(AsnConvert.serialize(asked));
  const single = basic.tbsResponseData.responses.find((entry) => Buffer.from(AsnConvert.serialize(entry.certID)).equals(ours));
  if (!single) throw new Error('no answer for this certificate');
  if (single.certStatus.revoked) throw new Error(`the certificate ${certificate.subject} is REVOKED (since ${single.certStatus.revoked.revocationTime.toISOString()})`);
  if (single.certStatus.good === undefined) throw new Error('the responder does not know the certificate');
  if (single.nextUpdate && single.nextUpdate.getTime() < Date.now()) throw new Error('the answer is out of date');
  return der;
}

async function askResponder(url: string, request: CertID): Promise<Buffer> {
  const body = Buffer.from(AsnConvert.serialize(new OCSPRequest({ tbsRequest: new TBSRequest({ requestList: [new Request({ reqCert: request })] }) })));
  const response = await fetch(url, {
    method: 'POST', headers: { 'content-type': 'application/ocsp-request', accept: 'application/ocsp-response' }, body, redirect: 'error',
    signal: AbortSignal.timeout(OCSP_TIMEOUT_MS)
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const answer = Buffer.from(await response.arrayBuffer());
  if (answer.length > MAX_OCSP_BYTES) throw new Error('larger than 1 MiB');
  return answer;
}

/**
 * OCSP answers for each certificate of a configured seal chain that names a responder (authority
 * information access) and whose issuer is in the chain, for the /DSS beside the CRLs: some CAs answer
 * only OCSP, and without revocation data a validator cannot tell years later that the seal was good.
 * An answer that cannot be had, or does not check out, is left out with a warning (an error for a
 * revoked certificate): the seal stays as valid as it is, the document only lacks that data.
 */
export async function fetchOcspResponses(certificates: Buffer[], log: Logger): Promise<Buffer[]> {
  const chain = certificates.map((der) => new x509.X509Certificate(der));
  const responses: Buffer[] = [];
  for (const certificate of chain) {
    const url = ocspUrlOf(certificate);
    const issuer = chain.find((candidate) => candidate !== certificate && candidate.subject === certificate.issuer);
    if (!url || !issuer) continue;
    const asked = certIdOf(certificate, issuer);
    try {
      responses.push(await checkedResponse(await askResponder(url, asked), certificate, issuer, asked));
    } catch (error) {
      const message = (error as Error).message;
      const details = { url, certificate: certificate.subject, err: message };
      if (message.includes('REVOKED')) log.error(details, 'the seal chain holds a revoked certificate: replace it');
      else log.warn(details, 'OCSP answer left out of the document security store');
    }
  }
  return responses;
}
