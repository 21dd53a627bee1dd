import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { BlobStore } from '@signet/blob';
import type { DocumentInput } from '@signet/contracts';
import { AppError } from '@signet/http';
import { InvalidPdfError } from '@signet/pdf';
import { orderOf, sortedKeys } from '../components';
import type { DocumentRow } from '../model';
import { decodeBase64Pdf } from './decode-base64-pdf';
import { documentBlobKey } from './document-blob-key';
import { inspectedOnce } from './inspected-once';

export interface StoredDocument {
  row: DocumentRow;
  bytes: Buffer;
}

/**
 * Decodes and inspects every inline document first, and only when all are valid PDFs stores them, so a
 * bad document leaves nothing behind. The SHA-256 of the stored bytes is kept with the metadata. `keyOf`
 * names each document's blob (a template's documents live under the template).
 */
export async function storeInlineDocuments(
  blobs: BlobStore, tenantId: string, envelopeId: string, input: Record<string, DocumentInput>, now: Date,
  keyOf: (documentId: string) => string = (documentId) => documentBlobKey(tenantId, envelopeId, documentId)
): Promise<StoredDocument[]> {
  const inspected = [];
  for (const [position, key] of sortedKeys(input).entries()) {
    const document = input[key] as DocumentInput;
    const field = `documents.${key}.base64`;
    const bytes = decodeBase64Pdf(document.base64, field);
    try {
      inspected.push({ key, position, document, bytes, inspection: await inspectedOnce(tenantId, bytes) });
    } catch (error) {
      if (!(error instanceof InvalidPdfError)) throw error;
      throw new AppError('VALIDATION_FAILED', 'Invalid PDF content', [{ field, message: `invalid PDF content: ${error.message}` }]);
    }
  }
  const stored: StoredDocument[] = [];
  for (const { key, position, document, bytes, inspection } of inspected) {
    const id = uuidv7();
    const blobKey = keyOf(id);
    const { size, sha256 } = await blobs.put(blobKey, bytes, { contentType: 'application/pdf' });
    stored.push({
      bytes,
      row: {
        id,
        envelope_id: envelopeId,
        custom_key: key,
        file_name: document.name ?? `${randomBytes(8).toString('hex')}.pdf`,
        file_type: document.type ?? 'SIGNABLE',
        order: orderOf(document.order, position),
        status: 'PENDING',
        blob_key: blobKey,
        sha256,
        file_size: size,
        page_count: inspection.pageCount,
        page_sizes: inspection.pages,
        upload_id: null,
        created_at: now,
        updated_at: now
      }
    });
  }
  return stored.sort((a, b) => a.row.order - b.row.order || a.row.custom_key.localeCompare(b.row.custom_key, 'en', { numeric: true }));
}
