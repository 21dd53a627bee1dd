import { createHash, X509Certificate } from 'node:crypto';
import { checkSigner } from './check-signer';
import { commonName } from './certificate-fields';
import { children, readDer, readOid, TAG } from './der';
import { DIGESTS, OID } from './oids';
import { parseSignedData } from './parse-signed-data';
import { locateSignatures } from './signature-location';

export interface TokenVerification {
  valid: boolean;
  /** The TSA's time (genTime), once the token could be read. */
  time: Date | null;
  tsaCommonName: string | null;
  /** The TSA's certificate and those the token carries, DER, for a chain to be built. */
  signerCertificate?: Buffer | null;
  certificates?: Buffer[];
  reason?: string;
}

/**
 * Checks an RFC 3161 token over `data`: the TSA's CMS signature over its TSTInfo verifies, and the
 * TSTInfo's message imprint is the digest of `data`. Integrity only, like the seal's check.
 */
export function verifyTimestampToken(token: Buffer, data: Buffer | Buffer[]): TokenVerification {
  let time: Date | null = null;
  let tsaCommonName: string | null = null;
  try {
    const signedData = parseSignedData(token);
    const info = signedData.content;
    if (!info) return { valid: false, time, tsaCommonName, reason: 'The token holds no TSTInfo' };
    const [, , imprint, , genTime] = children(readDer(info));
    if (genTime?.tag !== TAG.GENERALIZED_TIME || imprint?.tag !== TAG.SEQUENCE) throw new Error('Malformed TSTInfo');
    time = generalizedTime(genTime.content.toString('latin1'));
    const check = checkSigner(signedData, OID.tstInfo, (digestName) => createHash(digestName).update(info).digest());
    tsaCommonName = check.certificate ? commonName(check.certificate.subject) : null;
    if (check.problem) return { valid: false, time, tsaCommonName, reason: `The timestamp is not valid: ${check.problem}` };
    const [algorithm, hashed] = children(imprint);
    const [algorithmOid] = algorithm ? children(algorithm) : [];
    const digestName = algorithmOid ? DIGESTS[readOid(algorithmOid)] : undefined;
    if (!digestName || hashed?.tag !== TAG.OCTET_STRING) return { valid: false, time, tsaCommonName, reason: 'The timestamp uses an unsupported digest' };
    const digest = createHash(digestName);
    for (const part of Array.isArray(data) ? data : [data]) digest.update(part);
    if (!digest.digest().equals(hashed.content)) return { valid: false, time, tsaCommonName, reason: 'The timestamp is over other data' };
    return { valid: true, time, tsaCommonName, signerCertificate: check.certificate?.der ?? null, certificates: signedData.certificates.map((item) => item.der) };
  } catch (error) {
    return { valid: false, time, tsaCommonName, reason: `The timestamp cannot be read: ${(error as Error).message}` };
  }
}

/** YYYYMMDDHHMMSS[.fff]Z, as RFC 3161 writes genTime. */
function generalizedTime(text: string): Date {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\.\d+)?Z$/.exec(text);
  if (!match) throw new Error(`Malformed genTime ${text}`);
  const [, year, month, day, hour, minute, second, fraction] = match;
  return new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${fraction ?? ''}Z`);
}

/**
 * When the last document timestamp of a PDF stops protecting it: the expiry of its TSA's certificate.
 * Null without a readable document timestamp.
 */
export function archiveTimestampExpiry(pdf: Uint8Array): Date | null {
  const file = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const last = locateSignatures(file).filter((signature) => signature.subFilter === 'ETSI.RFC3161').at(-1);
  if (!last) return null;
  try {
    const signedData = parseSignedData(last.cms);
    const { signer } = signedData;
    const certificate = signedData.certificates.find(
      (candidate) => candidate.issuer.bytes.equals(signer.issuer) && candidate.serialNumber.bytes.equals(signer.serialNumber)
    );
    return certificate ? new Date(new X509Certificate(certificate.der).validTo) : null;
  } catch {
    return null;
  }
}
