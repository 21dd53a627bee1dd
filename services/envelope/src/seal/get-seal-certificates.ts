import { createHash, X509Certificate } from 'node:crypto';
import type { SealCertificate, SealCertificatesResponse } from '@signet/contracts';
import { pemOf } from '@signet/signed-pdf';
import type { EnvelopeDeps } from '../envelope-deps';

export type SealDeps = Pick<EnvelopeDeps, 'sealIdentity' | 'signerAuthority'>;

/** The seal's chain, CA included, and the TSA's, for validators to trust (request_id is the adapter's). */
export async function getSealCertificates(deps: SealDeps): Promise<Omit<SealCertificatesResponse, 'request_id'>> {
  const seal = await deps.sealIdentity();
  const signers = await deps.signerAuthority();
  return {
    development: seal.development,
    seal: seal.signer.certificates.map(describe),
    timestamp_authority: seal.tsaChain ? seal.tsaChain.map(describe) : null,
    chain_pem: seal.signer.certificates.map((der) => pemOf(der)).join(''),
    crl_url: seal.crlUrl,
    signer_ca: {
      development: signers.development,
      certificates: signers.ca.signer.certificates.map(describe),
      chain_pem: signers.ca.signer.certificates.map((der) => pemOf(der)).join(''),
      crl_url: signers.ca.crlUrl
    }
  };
}

/** The signer CA's CRL, DER: Signet issues it, whatever holds the CA's key. */
export async function getSignerCaCrl(deps: SealDeps): Promise<Buffer> {
  return (await deps.signerAuthority()).crl();
}

/** The development CA's CRL, DER; null with a configured certificate (there is no development CA). */
export async function getDevelopmentCrl(deps: SealDeps): Promise<Buffer | null> {
  return (await deps.sealIdentity()).crl();
}

function describe(der: Buffer): SealCertificate {
  const certificate = new X509Certificate(der);
  return {
    subject: certificate.subject.replace(/\n/g, ', '),
    issuer: certificate.issuer.replace(/\n/g, ', '),
    serial_number: certificate.serialNumber,
    not_before: new Date(certificate.validFrom).toISOString(),
    not_after: new Date(certificate.validTo).toISOString(),
    sha256_fingerprint: createHash('sha256').update(der).digest('hex'),
    pem: pemOf(der)
  };
}
