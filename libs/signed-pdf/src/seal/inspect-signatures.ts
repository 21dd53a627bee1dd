import { X509Certificate } from 'node:crypto';
import { certificateFacts, type CertificateFacts } from './certificate-facts';
import { changesAfterSigning } from './changes-after-signing';
import { locateSignatures, type SignatureLocation } from './signature-location';
import { checkDocumentTimestamp, checkSeal, DOCUMENT_TIMESTAMP, type SignatureVerdict } from './verify-sealed-pdf';

export type PadesLevel = 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';

export interface SignatureReport {
  kind: 'signature' | 'document_timestamp';
  subFilter: string;
  signer: ({ commonName: string | null; subject: string; issuer: string; serialNumber: string; sha256: string } & Partial<CertificateFacts>) | null;
  /** The /M of the signature dictionary: the time the signer claims. */
  claimedTime: Date | null;
  /** The time of a verified timestamp: the signature-time-stamp of a signature, the token of a document timestamp. */
  timestampedTime: Date | null;
  /** For ETSI.CAdES.detached signatures: the PAdES baseline level the file reaches for it. */
  padesLevel: PadesLevel | null;
  integrity: { valid: boolean; problem: string | null };
  /** Whether the signer's chain leads to one of the trust anchors, each certificate verified by its issuer. */
  trusted: boolean;
  /** True when updates after this signature change more than long-term validation data may. */
  modifiedAfterSigning: boolean;
  modification: string | null;
}

/**
 * A validation report of every signature in any PDF: who signed, when (claimed and timestamped), the
 * PAdES level reached, integrity, trust against `anchors` (DER certificates), and whether the document
 * changed after signing beyond /DSS and further timestamps.
 */
export async function inspectPdfSignatures(bytes: Uint8Array, anchors: Buffer[]): Promise<SignatureReport[]> {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const locations = locateSignatures(file);
  const reports: SignatureReport[] = [];
  for (const [index, location] of locations.entries()) {
    const isTimestamp = location.subFilter === DOCUMENT_TIMESTAMP;
    const verdict = isTimestamp ? checkDocumentTimestamp(file, location) : checkSeal(file, location);
    const modification = location.revisionEnd === file.length ? null : (await changesAfterSigning(file.subarray(0, location.revisionEnd), file));
    const later = locations.slice(index + 1);
    reports.push({
      kind: isTimestamp ? 'document_timestamp' : 'signature',
      subFilter: location.subFilter,
      signer: describeSigner(verdict),
      claimedTime: isTimestamp ? null : claimedTime(file, location),
      timestampedTime: verdict.problem ? null : (verdict.timestampedAt ?? null),
      padesLevel: isTimestamp || location.subFilter !== 'ETSI.CAdES.detached' || verdict.problem ? null : level(file, location, verdict, later),
      integrity: { valid: !verdict.problem, problem: verdict.problem ?? null },
      trusted: !verdict.problem && chainTrusted(verdict, anchors),
      modifiedAfterSigning: modification !== null,
      modification
    });
  }
  return reports;
}

function level(file: Buffer, location: SignatureLocation, verdict: SignatureVerdict, later: SignatureLocation[]): PadesLevel {
  if (!verdict.timestampedAt) return 'B-B';
  const hasDss = file.subarray(location.revisionEnd).includes('/DSS');
  if (!hasDss) return 'B-T';
  const archived = later.some((next) => next.subFilter === DOCUMENT_TIMESTAMP && !checkDocumentTimestamp(file, next).problem);
  return archived ? 'B-LTA' : 'B-LT';
}

function describeSigner(verdict: SignatureVerdict): SignatureReport['signer'] {
  const der = verdict.signerCertificate ?? null;
  if (!der) return verdict.commonName ? { commonName: verdict.commonName, subject: '', issuer: '', serialNumber: '', sha256: '' } : null;
  const certificate = new X509Certificate(der);
  return {
    commonName: verdict.commonName, subject: certificate.subject.replace(/\n/g, ', '), issuer: certificate.issuer.replace(/\n/g, ', '), serialNumber: certificate.serialNumber,
    sha256: certificate.fingerprint256.replace(/:/g, '').toLowerCase(), ...certificateFacts(der)
  };
}

/** Each certificate verified by its issuer (from the signature or the anchors) up to an anchor. */
function chainTrusted(verdict: SignatureVerdict, anchors: Buffer[]): boolean {
  if (!verdict.signerCertificate) return false;
  const anchorSet = anchors.map((der) => new X509Certificate(der));
  const pool = [...(verdict.certificates ?? []).map((der) => new X509Certificate(der)), ...anchorSet];
  let current = new X509Certificate(verdict.signerCertificate);
  for (let depth = 0; depth < 10; depth++) {
    if (anchorSet.some((anchor) => anchor.fingerprint256 === current.fingerprint256)) return true;
    const issuer = pool.find((candidate) => candidate.fingerprint256 !== current.fingerprint256 && current.checkIssued(candidate) && current.verify(candidate.publicKey));
    if (!issuer) return false;
    current = issuer;
  }
  return false;
}

/** /M (D:YYYYMMDDHHmmSS+HH'mm') of the signature dictionary around the /ByteRange. */
function claimedTime(file: Buffer, location: SignatureLocation): Date | null {
  const [, holeStart] = location.signedRanges[0]!;
  const objectStart = file.lastIndexOf(' obj', holeStart);
  const objectEnd = file.indexOf('endobj', location.signedRanges[1]![0]);
  const dictionary = Buffer.concat([file.subarray(Math.max(0, objectStart), holeStart), file.subarray(location.signedRanges[1]![0], objectEnd < 0 ? undefined : objectEnd)]).toString('latin1');
  const match = /\/M\s*\(D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(Z|[+-]\d{2}'?\d{2}'?)?/.exec(dictionary);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, zone] = match;
  const offset = !zone || zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.replace(/'/g, '').slice(3, 5)}`;
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date;
}
