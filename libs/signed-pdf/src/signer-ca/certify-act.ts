import type { Signer } from '../seal/signer';
import type { ActKey } from './act-key';
import { issueEndEntityCertificate, NAME_OIDS, type SubjectAttribute } from './issue-with-signer';

/**
 * The certificate policy of Signet's per-signer certificates (advanced electronic signatures): one act,
 * one key made for it and destroyed after it, the holder authenticated by their signing link and the
 * envelope's checks. An OID under a UUID arc (2.25), which needs no registration.
 */
export const SIGNER_POLICY_OID = '2.25.212312045381440610123848992234486344912.1.1';

/** Certificates live this long after an act: long enough for the act's documents, too short to be reused. */
export const ACT_CERTIFICATE_MINUTES = 10;
/** Tolerance for verifiers whose clocks run a little behind. */
const BACKDATE_MS = 60 * 1000;

/** Who acted, as their certificate names them. */
export interface ActHolder {
  name: string;
  email: string;
  /** The recipient's id: unique, so no two acts' subjects are the same person by accident. */
  recipientId: string;
  /** A phone number verified by a code during the act, if any. */
  verifiedPhone?: string | null;
  /** What identity checks established, in words (e.g. "ID document verified: PASSPORT"), if any. */
  identityOutcome?: string | null;
}

export interface SignerCa {
  /** The signer CA's key and chain (its certificate first). */
  signer: Signer;
  /** Where the CA's CRL is published, written into each certificate. */
  crlUrl: string;
}

/** Certifies an act's key for its holder, and answers the Signer that signs with it under that certificate. */
export async function certifyAct(ca: SignerCa, key: ActKey, holder: ActHolder, now: Date): Promise<Signer> {
  const subject: SubjectAttribute[] = [
    { type: NAME_OIDS.commonName, value: holder.name },
    { type: NAME_OIDS.emailAddress, value: holder.email },
    ...(holder.verifiedPhone ? [{ type: NAME_OIDS.telephoneNumber, value: holder.verifiedPhone }] : []),
    ...(holder.identityOutcome ? [{ type: NAME_OIDS.description, value: holder.identityOutcome }] : []),
    { type: NAME_OIDS.serialNumber, value: holder.recipientId }
  ];
  const certificate = await issueEndEntityCertificate(ca.signer, {
    subject,
    publicKey: key.publicKey,
    notBefore: new Date(now.getTime() - BACKDATE_MS),
    notAfter: new Date(now.getTime() + ACT_CERTIFICATE_MINUTES * 60 * 1000),
    policyOid: SIGNER_POLICY_OID,
    email: holder.email,
    crlUrl: ca.crlUrl
  });
  return key.signer([certificate, ...ca.signer.certificates]);
}
