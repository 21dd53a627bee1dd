import express, { type Express } from 'express';
import { AppError } from '@signet/http';
import { createSignatureReport } from '../seal/create-signature-report';
import { getDevelopmentCrl, getSealCertificates, getSignerCaCrl, type SealDeps } from '../seal/get-seal-certificates';
import { sealDocument } from '../seal/seal-document';

/** As large as an upload may be: a signed document Signet produced can always be checked. */
const MAX_PDF_BYTES = 50 * 1024 * 1024;

/** The seal's certificates and CRL, signature reports and the internal seal: adapters of the seal use cases. */
export function sealRoutes(router: Express, deps: SealDeps): void {
  router.get('/api/v1/seal/certificates', async (_req, res) => {
    res.json(await getSealCertificates(deps));
  });

  router.get('/pki/signet-dev-ca.crl', async (_req, res) => {
    const crl = await getDevelopmentCrl(deps);
    if (!crl) {
      res.status(404).type('text/plain').send('No development CA: the seal certificate is configured');
      return;
    }
    res.type('application/pkix-crl').set('cache-control', 'public, max-age=3600').send(crl);
  });

  router.get('/pki/signet-signer-ca.crl', async (_req, res) => {
    res.type('application/pkix-crl').set('cache-control', 'public, max-age=3600').send(await getSignerCaCrl(deps));
  });

  // The PDF itself is the body (raw application/pdf, up to 50 MB).
  router.post('/api/v1/signature-reports', (req, _res, next) => {
    if (!req.is('application/pdf')) next(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the PDF itself as the body, with Content-Type: application/pdf'));
    else next();
  }, express.raw({ type: 'application/pdf', limit: MAX_PDF_BYTES }), async (req, res) => {
    const pdf = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.json(await createSignatureReport(deps, { pdf }));
  });

  // For the evidence part: JSON `{pdf, reason?}`, the PDF in base64 both ways, within the services' 1 MB body limit.
  router.post('/internal/seal', async (req, res) => {
    const { pdf, reason } = (req.body ?? {}) as { pdf?: unknown; reason?: unknown };
    if (typeof pdf !== 'string' || pdf === '') throw new AppError('VALIDATION_FAILED', 'pdf must be a base64 PDF', [{ field: 'pdf', message: 'is required' }]);
    const sealed = await sealDocument(deps, { pdf: Buffer.from(pdf, 'base64'), reason: typeof reason === 'string' ? reason : 'Sealed by Signet' });
    res.json({ pdf: Buffer.from(sealed).toString('base64') });
  });
}
