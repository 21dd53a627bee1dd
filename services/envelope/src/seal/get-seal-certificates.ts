import { createHash, X509Certificate } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { SealCertificate, SealCertificatesResponse } from '@signet/contracts';
import { pemOf } from '@signet/signed-pdf';
import type { SealIdentity } from './seal-identity';

/** GET /api/v1/seal/certificates: the seal's chain, CA included, and the TSA's, for validators to trust. */
export function getSealCertificates(identity: () => Promise<SealIdentity>): RequestHandler {
  return async (_req, res) => {
    const seal = await identity();
    // request_id is added to every JSON body by the service app.
    const body: Omit<SealCertificatesResponse, 'request_id'> = {
      development: seal.development,
      seal: seal.signer.certificates.map(describe),
      timestamp_authority: seal.tsaChain ? seal.tsaChain.map(describe) : null,
      chain_pem: seal.signer.certificates.map((der) => pemOf(der)).join(''),
      crl_url: seal.crlUrl
    };
    res.json(body);
  };
}

/** GET /pki/signet-dev-ca.crl: the development CA's CRL, DER (404 with a configured certificate). */
export function getDevelopmentCrl(identity: () => Promise<SealIdentity>): RequestHandler {
  return async (_req, res) => {
    const crl = await (await identity()).crl();
    if (!crl) {
      res.status(404).type('text/plain').send('No development CA: the seal certificate is configured');
      return;
    }
    res.type('application/pkix-crl').set('cache-control', 'public, max-age=3600').send(crl);
  };
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
