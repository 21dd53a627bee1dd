import { addLongTermValidation, sealPdf, signRevision, type SignedRecipient, stampDocument, stampSignedPdf, type ValidationData } from '@signet/signed-pdf';
import type { DocumentRow, EnvelopeAggregate } from '../model';
import type { SealIdentity } from '../seal/seal-identity';
import { documentMarks } from './document-marks';

/**
 * One SIGNABLE document's signed PDF at `seal` level: every mark drawn on the original (documentMarks),
 * then the seal.
 */
export async function buildSignedPdf(
  aggregate: EnvelopeAggregate, document: DocumentRow, original: Buffer, signers: Map<string, SignedRecipient>, seal: SealIdentity,
  background: Uint8Array | null = null
): Promise<Uint8Array> {
  const marks = await documentMarks(aggregate, document, async () => original, signers, { kind: 'all' }, background);
  const stamped = await stampSignedPdf({ pdf: original, ...marks });
  return sealWithLongTermValidation(stamped, seal, 'Signed by every recipient');
}

/**
 * One SIGNABLE document's signed PDF at `advanced` or `qualified` level: the last revision of the
 * signers' own (each carries its act's marks and signature), then one more revision with the extra
 * signature pages and the seal, then the /DSS (the seal's and every signer's chain and revocation data)
 * and the document timestamp. Every signer's bytes stay as they signed them.
 */
export async function sealRevisions(
  aggregate: EnvelopeAggregate, document: DocumentRow, readOriginal: () => Promise<Buffer>, lastRevision: Buffer, signers: Map<string, SignedRecipient>, seal: SealIdentity,
  signerValidation: ValidationData, now: Date, background: Uint8Array | null = null
): Promise<Uint8Array> {
  const marks = await documentMarks(aggregate, document, readOriginal, signers, { kind: 'last pages' }, background);
  const sealed = await signRevision(
    lastRevision,
    { signer: seal.signer, timestamper: seal.timestamper ?? undefined, name: 'Signet', reason: 'Signed by every recipient', signedAt: now, fieldPrefix: 'Seal' },
    (pdf) => stampDocument(pdf, { ...marks, labelPagesFrom: pdf.getPageCount() })
  );
  if (!seal.timestamper) return sealed;
  const sealData = await seal.validationData();
  return addLongTermValidation(sealed, {
    certificates: [...sealData.certificates, ...signerValidation.certificates],
    crls: [...(sealData.crls ?? []), ...(signerValidation.crls ?? [])],
    ocsps: [...(sealData.ocsps ?? []), ...(signerValidation.ocsps ?? [])]
  }, seal.timestamper);
}

/**
 * Seals with the service's key: PAdES B-LTA when a timestamp source is configured (signature
 * timestamp, /DSS with chains and CRLs, document timestamp), else B-B.
 */
export async function sealWithLongTermValidation(pdf: Uint8Array, seal: SealIdentity, reason: string): Promise<Uint8Array> {
  if (!seal.timestamper) return sealPdf(pdf, { signer: seal.signer, reason });
  const sealed = await sealPdf(pdf, { signer: seal.signer, reason, timestamper: seal.timestamper });
  return addLongTermValidation(sealed, await seal.validationData(), seal.timestamper);
}
