import { X509Certificate } from 'node:crypto';
import type { SignatureReport, SignatureReportsResponse } from '@signet/contracts';
import { AppError } from '@signet/http';
import { InvalidPdfError } from '@signet/pdf';
import { reportPdfSignatures, type SignatureReport as PdfSignatureReport } from '@signet/signed-pdf';
import type { SealDeps } from './get-seal-certificates';

/** Judges PDFs' signatures against this Signet's trust anchors. */
export interface SignatureJudge {
  /** Subjects of the anchors trust is judged against. */
  trustAnchors: string[];
  /** Each signature of the PDF, as the reports give it (the work runs in a PDF worker). */
  report(pdf: Buffer): Promise<SignatureReport[]>;
}

/** The report runs in a PDF worker; a verdict on the file (over its budgets, too many signatures) is a 422. */
async function reportOn(body: Buffer, anchors: Buffer[]): Promise<PdfSignatureReport[]> {
  try {
    return await reportPdfSignatures(body, anchors);
  } catch (error) {
    if (!(error instanceof InvalidPdfError)) throw error;
    throw new AppError('VALIDATION_FAILED', error.message, [{ field: 'body', message: error.message }]);
  }
}

/**
 * A judge with trust anchored in the roots of this Signet's seal and TSA chains (the development CA by
 * default) and its signer CA; the seal is told apart from signers' signatures by its certificate.
 */
export async function signatureJudge(deps: SealDeps): Promise<SignatureJudge> {
  const seal = await deps.sealIdentity();
  const signers = await deps.signerAuthority();
  const anchors = [seal.signer.certificates.at(-1), seal.tsaChain?.at(-1), signers.ca.signer.certificates.at(-1)].filter((der): der is Buffer => der !== undefined);
  const sealCertificate = new X509Certificate(seal.signer.certificates[0]!).fingerprint256.replace(/:/g, '').toLowerCase();
  return {
    trustAnchors: [...new Set(anchors.map((der) => new X509Certificate(der).subject.replace(/\n/g, ', ')))],
    report: async (pdf) => (await reportOn(pdf, anchors)).map((report) => ({
      kind: report.kind,
      level: levelOf(report, sealCertificate),
      sub_filter: report.subFilter,
      signer: report.signer && {
        common_name: report.signer.commonName, subject: report.signer.subject, issuer: report.signer.issuer, serial_number: report.signer.serialNumber,
        not_before: report.signer.notBefore?.toISOString() ?? null, not_after: report.signer.notAfter?.toISOString() ?? null, policies: report.signer.policies ?? []
      },
      claimed_signing_time: report.claimedTime?.toISOString() ?? null,
      timestamped_time: report.timestampedTime?.toISOString() ?? null,
      pades_level: report.padesLevel,
      integrity: report.integrity,
      chain_trusted: report.trusted,
      modified_after_signing: report.modifiedAfterSigning,
      modification: report.modification
    }))
  };
}

/**
 * A validation report of any PDF's signatures (see signatureJudge). The work runs in the PDF workers
 * under the budgets of uploads (OVERLOADED when they are all busy). request_id is the adapter's.
 */
export async function createSignatureReport(deps: SealDeps, input: { pdf: Buffer }): Promise<Omit<SignatureReportsResponse, 'request_id'>> {
  if (!input.pdf.subarray(0, 1024).includes('%PDF-')) throw new AppError('VALIDATION_FAILED', 'The body is not a PDF', [{ field: 'body', message: 'must be a PDF file' }]);
  const judge = await signatureJudge(deps);
  return { signatures: await judge.report(input.pdf), trust_anchors: judge.trustAnchors };
}

/** seal (this Signet's seal certificate), QES (a certificate stating it is qualified), AdES (any other signature); null for a document timestamp. */
function levelOf(report: PdfSignatureReport, sealCertificate: string): 'seal' | 'AdES' | 'QES' | null {
  if (report.kind === 'document_timestamp') return null;
  if (report.signer?.qualified) return 'QES';
  return report.signer?.sha256 === sealCertificate ? 'seal' : 'AdES';
}
