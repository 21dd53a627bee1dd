import type { BlobStore } from '@signet/blob';
import type { DocumentRow, FieldAttachmentRow } from '../model';
import type { TemplateDocumentRow } from '../templates/template-model';

/** How long a document download link in an API answer or event stays valid. */
export const DOCUMENT_LINK_TTL_SECONDS = 3600;

/** A document's download link; `attachment` gives a recipient's uploaded file one the same way, `template` a template's document. */
export type DocumentLinks = ((document: DocumentRow) => Promise<string>) & {
  attachment?: (file: FieldAttachmentRow) => Promise<string>;
  template?: (document: TemplateDocumentRow) => Promise<string>;
};

/** A SIGNED document links to its signed and sealed PDF, any other to the original. */
export function documentLinks(blobs: BlobStore): DocumentLinks {
  const link = (key: string, fileName: string) => blobs.downloadUrl(key, { expiresInSeconds: DOCUMENT_LINK_TTL_SECONDS, fileName });
  return Object.assign((document: DocumentRow) => link(document.signed_blob_key ?? document.blob_key, document.file_name), {
    attachment: (file: FieldAttachmentRow) => link(file.blob_key, file.file_name),
    template: (document: TemplateDocumentRow) => link(document.blob_key, document.file_name)
  });
}
