import type { Logger } from '@signet/log';
import type { ValidationData } from '@signet/signed-pdf';
import type { EnvelopeDeps } from '../envelope-deps';
import { fetchCrls } from '../seal/fetch-crls';
import type { SignatureRevisionRow } from './revision-store';

/**
 * The signers' chains and revocation data for the /DSS: every act's certificate and its CA, the signer
 * CA's own CRL for advanced signatures (Signet issues it), and the CRLs the provider's chains name for
 * qualified ones.
 */
export async function signerValidationData(deps: EnvelopeDeps, revisions: SignatureRevisionRow[], log: Logger): Promise<ValidationData> {
  const certificates = [...new Set(revisions.flatMap((row) => row.certificates))].map((base64) => Buffer.from(base64, 'base64'));
  const crls: Buffer[] = [];
  if (revisions.some((row) => row.level === 'advanced')) crls.push(await (await deps.signerAuthority()).crl());
  const qualified = revisions.filter((row) => row.level === 'qualified');
  if (qualified.length > 0) {
    const chains = [...new Set(qualified.flatMap((row) => row.certificates))].map((base64) => Buffer.from(base64, 'base64'));
    crls.push(...await fetchCrls(chains, log));
  }
  return { certificates, crls };
}
