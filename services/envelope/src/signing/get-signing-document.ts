import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { AppError } from '@signet/http';
import type { EnvelopeDeps } from '../envelope-deps';
import { loadSigningAccess } from './signing-access';
import { documentsLocked, validationGate, verifyFirst } from './validation-gate';

/**
 * GET /signing/v1/:token/documents/:document_id (public): the document's PDF from Signet's own origin, so
 * the signer page's Content-Security-Policy needs no blob store origin. Served only when the session
 * would list it (READY, and past every order-0 validation), and, once the envelope is COMPLETED, its
 * signed copy (the one the signed email links to) as a download.
 */
export function getSigningDocument(deps: EnvelopeDeps) {
  return async (req: Request, res: Response): Promise<void> => {
    const access = await loadSigningAccess(deps, deps.db, String(req.params.token));
    const document = access.aggregate.documents.find((candidate) => candidate.id === String(req.params.document_id));
    if (!document) throw new AppError('NOT_FOUND', 'Document not found');
    if (access.state === 'COMPLETED' && document.signed_blob_key) {
      res.type('application/pdf');
      res.setHeader('Cache-Control', 'no-store');
      res.attachment(document.file_name);
      await pipeline(await deps.blobs.get(document.signed_blob_key), res);
      return;
    }
    if (access.state !== 'READY') throw new AppError('CONFLICT', 'The documents are shown only while it is your turn to sign');
    const gate = await validationGate(deps, res, access);
    if (documentsLocked(gate)) throw new AppError('FORBIDDEN', `${verifyFirst(gate)} to see the documents`);
    res.type('application/pdf');
    res.setHeader('Cache-Control', 'no-store');
    await pipeline(await deps.blobs.get(document.blob_key), res);
  };
}
