import { createHash } from 'node:crypto';
import { changesAfterSigning } from './changes-after-signing';
import { checkSigner, single } from './check-signer';
import { commonName } from './certificate-fields';
import { OID } from './oids';
import { parseSignedData } from './parse-signed-data';
import { locateSignatures, type SignatureLocation } from './signature-location';
import { verifyTimestampToken } from './verify-timestamp-token';

export interface SealVerification {
  valid: boolean;
  /** The common name of the certificate that sealed, once it has been found in the signature. */
  signerCommonName: string | null;
  /** Why the seal is not valid. */
  reason?: string;
}

export const DOCUMENT_TIMESTAMP = 'ETSI.RFC3161';

/**
 * Checks that the file is exactly what was sealed, plus only what long-term validation appends:
 * - the last signature (the seal, or a document timestamp after it) covers every byte but its own
 *   /Contents, so nothing was appended after it;
 * - every signature verifies: a seal's message digest matches its byte ranges and its signature over
 *   the signed attributes verifies with the certificate it names (and its signature-time-stamp, if
 *   any, is over its signature value); a document timestamp's token is over its byte ranges;
 * - the updates after the seal (the last signature that is not a document timestamp) only add a /DSS
 *   and invisible signature fields; signers' signatures before it are revisions it covers.
 * It does not judge whether the certificates are trusted: compare `signerCommonName` (or the
 * certificate) with the service's own, or use a validator with trust anchors.
 */
export async function verifySealedPdf(bytes: Uint8Array): Promise<SealVerification> {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const signatures = locateSignatures(file);
  if (signatures.length === 0) {
    return { valid: false, signerCommonName: null, reason: file.includes('/ByteRange') ? 'The signature does not cover the whole file' : 'The file has no signature' };
  }
  const seals = signatures.filter((signature) => signature.subFilter !== DOCUMENT_TIMESTAMP);
  let signerCommonName: string | null = null;
  if (signatures.at(-1)!.revisionEnd !== file.length) return { valid: false, signerCommonName, reason: 'The signature does not cover the whole file' };
  for (const signature of signatures) {
    const verdict = signature.subFilter === DOCUMENT_TIMESTAMP ? checkDocumentTimestamp(file, signature) : checkSeal(file, signature);
    if (signature === seals.at(-1)) signerCommonName = verdict.commonName;
    if (verdict.problem) return { valid: false, signerCommonName: signature === seals.at(-1) ? verdict.commonName : signerCommonName, reason: verdict.problem };
  }
  const sealed = seals.at(-1) ?? signatures[0]!;
  const changed = await changesAfterSigning(file.subarray(0, sealed.revisionEnd), file);
  if (changed) return { valid: false, signerCommonName, reason: `The file was changed after it was sealed: ${changed}` };
  return { valid: true, signerCommonName };
}

export interface SignatureVerdict {
  commonName: string | null;
  problem?: string;
  /** The signature-time-stamp's time (a seal) or the token's time (a document timestamp). */
  timestampedAt?: Date | null;
  certificates?: Buffer[];
  signerCertificate?: Buffer | null;
}

export function checkSeal(file: Buffer, location: SignatureLocation): SignatureVerdict {
  try {
    const signedData = parseSignedData(location.cms);
    const check = checkSigner(signedData, OID.data, (digestName) => {
      const digest = createHash(digestName);
      for (const [start, end] of location.signedRanges) digest.update(file.subarray(start, end));
      return digest.digest();
    });
    const name = check.certificate ? commonName(check.certificate.subject) : null;
    const base = { commonName: name, certificates: signedData.certificates.map((item) => item.der), signerCertificate: check.certificate?.der ?? null };
    if (check.problem) return { ...base, problem: check.problem };
    const token = single(signedData.signer.unsignedAttributes.get(OID.signatureTimeStampToken));
    if (!token) return { ...base, timestampedAt: null };
    const stamp = verifyTimestampToken(token.bytes, signedData.signer.signature);
    return stamp.valid ? { ...base, timestampedAt: stamp.time } : { ...base, problem: stamp.reason ?? 'The signature timestamp is not valid' };
  } catch (error) {
    // Whatever is in the hole came with the file: a malformed structure is a verdict, not a fault.
    return { commonName: null, problem: `The signature cannot be read: ${(error as Error).message}` };
  }
}

export function checkDocumentTimestamp(file: Buffer, location: SignatureLocation): SignatureVerdict {
  const stamp = verifyTimestampToken(location.cms, location.signedRanges.map(([start, end]) => file.subarray(start, end)));
  return stamp.valid
    ? { commonName: stamp.tsaCommonName, timestampedAt: stamp.time, signerCertificate: stamp.signerCertificate ?? null, certificates: stamp.certificates ?? [] }
    : { commonName: stamp.tsaCommonName, problem: stamp.reason === 'The timestamp is over other data' ? 'The file was changed after it was timestamped' : stamp.reason };
}
