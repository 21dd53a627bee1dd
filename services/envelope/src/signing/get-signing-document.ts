import type { Readable } from 'node:stream';
import { AppError } from '@signet/http';
import type { EnvelopeDeps } from '../envelope-deps';
import { loadSigningAccess } from './signing-access';
import { documentsLocked, validationGate, verifyFirst } from './validation-gate';

export interface SigningDocument {
  body: Readable;
  /** Set for the signed copy, offered as a download under the document's name. */
  attachmentName: string | null;
}

/**
 * GET /signing/v1/:token/documents/:document_id (public): the document's PDF from Signet's own origin, so
 * the signer page's Content-Security-Policy needs no blob store origin. Served only when the session
 * would list it (READY, and past every order-0 validation), and, once the envelope is COMPLETED, its
 * signed copy (the one the signed email links to) as a download.
 */
export async function getSigningDocument(deps: EnvelopeDeps, input: { token: string; documentId: string; requestId: string }): Promise<SigningDocument> {
  const access = await loadSigningAccess(deps, deps.db, input.token);
  const document = access.aggregate.documents.find((candidate) => candidate.id === input.documentId);
  if (!document) throw new AppError('NOT_FOUND', 'Document not found');
  if (access.state === 'COMPLETED' && document.signed_blob_key) {
    return { body: await deps.blobs.get(document.signed_blob_key), attachmentName: document.file_name };
  }
  if (access.state !== 'READY') throw new AppError('CONFLICT', 'The documents are shown only while it is your turn to sign');
  const gate = await validationGate(deps, access, input.requestId);
  if (documentsLocked(gate)) throw new AppError('FORBIDDEN', `${verifyFirst(gate)} to see the documents`);
  return { body: await deps.blobs.get(document.blob_key), attachmentName: null };
}
