import { createHash, verify, X509Certificate } from 'node:crypto';
import { type CertificateFields } from './certificate-fields';
import { children, type DerElement, readOid, TAG } from './der';
import { DIGESTS, OID, SIGNATURE_ALGORITHMS } from './oids';
import type { SignedData } from './parse-signed-data';

export type SignerCheck = { certificate: CertificateFields | null; problem?: string };

/**
 * The checks every CMS signature gets, a PDF seal or a timestamp token: the signing certificate is in
 * it, the algorithms are supported, the content type is the expected one, the message digest is that
 * of `digestOf` the content, signing-certificate-v2 (when present) names that certificate, and the
 * signature over the signed attributes verifies with its key. Never throws for what is in the file.
 */
export function checkSigner(signedData: SignedData, contentType: string, digestOf: (digestName: string) => Buffer): SignerCheck {
  const { signer } = signedData;
  const certificate = signedData.certificates.find(
    (candidate) => candidate.issuer.bytes.equals(signer.issuer) && candidate.serialNumber.bytes.equals(signer.serialNumber)
  );
  if (!certificate) return { certificate: null, problem: 'The signing certificate is not in the signature' };
  const digestName = DIGESTS[signer.digestAlgorithm];
  if (!digestName) return { certificate, problem: `Unsupported digest algorithm ${signer.digestAlgorithm}` };
  if (!SIGNATURE_ALGORITHMS.has(signer.signatureAlgorithm)) {
    return { certificate, problem: `Unsupported signature algorithm ${signer.signatureAlgorithm}` };
  }
  const signedType = single(signer.attributes.get(OID.contentType));
  if (!signedType || signedType.tag !== TAG.OID || readOid(signedType) !== contentType || signedData.contentType !== contentType) {
    return { certificate, problem: contentType === OID.data ? 'The signed content type is not data' : 'The token does not hold a TSTInfo' };
  }
  const messageDigest = single(signer.attributes.get(OID.messageDigest));
  if (!messageDigest || messageDigest.tag !== TAG.OCTET_STRING) return { certificate, problem: 'The signature has no message digest' };
  if (!digestOf(digestName).equals(messageDigest.content)) return { certificate, problem: 'The file was changed after it was sealed' };

  const certificateBinding = single(signer.attributes.get(OID.signingCertificateV2));
  if (certificateBinding && !bindsCertificate(certificateBinding, certificate.der)) {
    return { certificate, problem: 'The signing-certificate attribute names another certificate' };
  }
  const signedAttributes = Buffer.concat([Buffer.from([TAG.SET]), signer.signedAttributes.bytes.subarray(1)]);
  const publicKey = new X509Certificate(certificate.der).publicKey;
  if (!verify(digestName, signedAttributes, publicKey, signer.signature)) {
    return { certificate, problem: 'The signature does not match the signing certificate' };
  }
  return { certificate };
}

/** SigningCertificateV2: the first ESSCertIDv2's hash (SHA-256 unless it names another) of the certificate. */
function bindsCertificate(attribute: DerElement, certificateDer: Buffer): boolean {
  const [certs] = children(attribute);
  const [first] = certs ? children(certs) : [];
  if (!first) return false;
  const fields = children(first);
  const hashAlgorithm = fields[0]?.tag === TAG.SEQUENCE ? fields.shift() : undefined;
  const [hashOid] = hashAlgorithm ? children(hashAlgorithm) : [];
  const digestName = hashOid ? DIGESTS[readOid(hashOid)] : 'sha256';
  const certHash = fields[0];
  if (!digestName || certHash?.tag !== TAG.OCTET_STRING) return false;
  return createHash(digestName).update(certificateDer).digest().equals(certHash.content);
}

export function single(values: DerElement[] | undefined): DerElement | undefined {
  return values?.length === 1 ? values[0] : undefined;
}
