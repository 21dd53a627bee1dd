import { v7 as uuidv7 } from 'uuid';
import type { DocumentInput } from '@signet/contracts';
import { readBlob } from '../documents/read-blob';
import { storeInlineDocuments } from '../documents/store-inline-documents';
import type { DocumentRow } from '../model';
import { formFieldNames } from './pdf-form';
import type { TemplateDeps } from './template-deps';
import { templateBlobKey, type TemplateDocumentRow } from './template-model';

export interface TemplateDocumentsWithBytes {
  rows: TemplateDocumentRow[];
  bytes: Map<string, Uint8Array>;
}

function templateDocument(row: Omit<DocumentRow, 'envelope_id'>, templateId: string, formFields: string[]): TemplateDocumentRow {
  return {
    id: row.id, template_id: templateId, custom_key: row.custom_key, file_name: row.file_name, file_type: row.file_type, order: row.order,
    blob_key: row.blob_key, sha256: row.sha256, file_size: row.file_size, page_count: row.page_count, page_sizes: row.page_sizes,
    form_fields: formFields, created_at: row.created_at
  };
}

/** Inline documents checked and stored under the template, with the names of their own form fields. */
export async function storeTemplateDocuments(
  deps: TemplateDeps, tenantId: string, templateId: string, input: Record<string, DocumentInput>, now: Date
): Promise<TemplateDocumentsWithBytes> {
  const stored = await storeInlineDocuments(deps.blobs, tenantId, templateId, input, now, (id) => templateBlobKey(tenantId, templateId, id));
  try {
    const rows = await Promise.all(stored.map(async ({ row, bytes }) => templateDocument(row, templateId, await formFieldNames(bytes))));
    return { rows, bytes: new Map(stored.map(({ row, bytes }) => [row.id, bytes])) };
  } catch (error) {
    await Promise.all(stored.map(({ row }) => deps.blobs.delete(row.blob_key)));
    throw error;
  }
}

/**
 * An envelope's original documents copied under the template: the envelope may later replace its own
 * documents (deleting their blobs), the template's must stay as they were saved.
 */
export async function copyEnvelopeDocuments(deps: TemplateDeps, tenantId: string, templateId: string, documents: DocumentRow[]): Promise<TemplateDocumentsWithBytes> {
  const rows: TemplateDocumentRow[] = [];
  const bytes = new Map<string, Uint8Array>();
  try {
    for (const document of documents) {
      const content = await readBlob(deps.blobs, document.blob_key);
      const id = uuidv7();
      const blobKey = templateBlobKey(tenantId, templateId, id);
      await deps.blobs.put(blobKey, content, { contentType: 'application/pdf' });
      rows.push(templateDocument({ ...document, id, blob_key: blobKey }, templateId, await formFieldNames(content)));
      bytes.set(id, content);
    }
    return { rows, bytes };
  } catch (error) {
    await Promise.all(rows.map((row) => deps.blobs.delete(row.blob_key)));
    throw error;
  }
}
