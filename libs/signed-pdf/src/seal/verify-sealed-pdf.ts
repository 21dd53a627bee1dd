import { createHash, verify, X509Certificate } from 'node:crypto';
import { type CertificateFields, commonName } from './certificate-fields';
import { children, type DerElement, readOid, TAG } from './der';
import { DIGESTS, OID, SIGNATURE_ALGORITHMS } from './oids';
import { parseSignedData, type SignedData } from './parse-signed-data';
import { locateSignature, type SignatureLocation } from './signature-location';

export interface SealVerification {
  valid: boolean;
  /** The common name of the certificate that signed, once it has been found in the signature. */
  signerCommonName: string | null;
  /** Why the seal is not valid. */
  reason?: string;
}

/**
 * Checks that the file is exactly what was sealed: a signature whose byte ranges cover every byte but
 * its own /Contents, whose message digest matches those bytes, and whose signature over the signed
 * attributes verifies with the certificate it names. It does not judge whether that certificate is
 * trusted: compare `signerCommonName` (or the certificate) with the service's own.
 */
export function verifySealedPdf(bytes: Uint8Array): SealVerification {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const located = locateSignature(file);
  if ('problem' in located) return { valid: false, signerCommonName: null, reason: located.problem };
  let signerCommonName: string | null = null;
  try {
    const signedData = parseSignedData(located.found.cms);
    const { signer } = signedData;
    const certificate = signedData.certificates.find(
      (candidate) => candidate.issuer.bytes.equals(signer.issuer) && candidate.serialNumber.bytes.equals(signer.serialNumber)
    );
    if (!certificate) return { valid: false, signerCommonName, reason: 'The signing certificate is not in the signature' };
    signerCommonName = commonName(certificate.subject);
    const problem = signatureProblem(file, located.found, signedData, certificate);
    return problem ? { valid: false, signerCommonName, reason: problem } : { valid: true, signerCommonName };
  } catch (error) {
    // Whatever is in the hole came with the file: a malformed structure is a verdict, not a fault.
    return { valid: false, signerCommonName, reason: `The signature cannot be read: ${(error as Error).message}` };
  }
}

function signatureProblem(
  file: Buffer,
  location: SignatureLocation,
  { signer }: SignedData,
  certificate: CertificateFields
): string | undefined {
  const digestName = DIGESTS[signer.digestAlgorithm];
  if (!digestName) return `Unsupported digest algorithm ${signer.digestAlgorithm}`;
  if (!SIGNATURE_ALGORITHMS.has(signer.signatureAlgorithm)) {
    return `Unsupported signature algorithm ${signer.signatureAlgorithm}`;
  }
  const contentType = single(signer.attributes.get(OID.contentType));
  if (!contentType || contentType.tag !== TAG.OID || readOid(contentType) !== OID.data) {
    return 'The signed content type is not data';
  }
  const messageDigest = single(signer.attributes.get(OID.messageDigest));
  if (!messageDigest || messageDigest.tag !== TAG.OCTET_STRING) return 'The signature has no message digest';
  const digest = createHash(digestName);
  for (const [start, end] of location.signedRanges) digest.update(file.subarray(start, end));
  if (!digest.digest().equals(messageDigest.content)) return 'The file was changed after it was sealed';

  const certificateBinding = single(signer.attributes.get(OID.signingCertificateV2));
  if (certificateBinding && !bindsCertificate(certificateBinding, certificate.der)) {
    return 'The signing-certificate attribute names another certificate';
  }
  const signedAttributes = Buffer.concat([Buffer.from([TAG.SET]), signer.signedAttributes.bytes.subarray(1)]);
  const publicKey = new X509Certificate(certificate.der).publicKey;
  if (!verify(digestName, signedAttributes, publicKey, signer.signature)) {
    return 'The signature does not match the signing certificate';
  }
  return undefined;
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

function single(values: DerElement[] | undefined): DerElement | undefined {
  return values?.length === 1 ? values[0] : undefined;
}
