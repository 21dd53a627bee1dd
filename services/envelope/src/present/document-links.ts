import type { BlobStore } from '@signet/blob';
import type { DocumentRow } from '../model';

/** How long a document download link in an API answer or event stays valid. */
export const DOCUMENT_LINK_TTL_SECONDS = 3600;

export type DocumentLinks = (document: DocumentRow) => Promise<string>;

/** A SIGNED document links to its signed and sealed PDF, any other to the original. */
export function documentLinks(blobs: BlobStore): DocumentLinks {
  return (document) => blobs.downloadUrl(document.signed_blob_key ?? document.blob_key, { expiresInSeconds: DOCUMENT_LINK_TTL_SECONDS, fileName: document.file_name });
}
