import type { RequestHandler } from 'express';
import { AppError } from '@signet/http';
import { sealWithLongTermValidation } from '../completion/build-signed-pdf';
import type { SealIdentity } from './seal-identity';

/**
 * POST /internal/seal: seals another part's PDF (the evidence sheet) as signed documents are sealed
 * (PAdES B-LTA with a timestamp source), so the keys stay in this service. JSON: `{pdf}` in base64
 * both ways, within the services' 1 MB body limit.
 */
export function sealDocument(identity: () => Promise<SealIdentity>): RequestHandler {
  return async (req, res) => {
    const { pdf, reason } = (req.body ?? {}) as { pdf?: unknown; reason?: unknown };
    if (typeof pdf !== 'string' || pdf === '') throw new AppError('VALIDATION_FAILED', 'pdf must be a base64 PDF', [{ field: 'pdf', message: 'is required' }]);
    const sealed = await sealWithLongTermValidation(Buffer.from(pdf, 'base64'), await identity(), typeof reason === 'string' ? reason : 'Sealed by Signet');
    res.json({ pdf: Buffer.from(sealed).toString('base64') });
  };
}
