import { AppError } from '@signet/http';
import { InvalidPdfError, inspectPdf } from '@signet/pdf';
import { v7 as uuidv7 } from 'uuid';
import type { EnvelopeDeps } from '../envelope-deps';
import type { FieldAttachmentRow } from '../model';
import { loadSigningAccess } from '../signing/signing-access';
import { assertReady } from '../signing/signing-state';
import { validationGate, verifyFirst } from '../signing/validation-gate';
import type { AttachmentFile } from './read-attachment-file';

/** Bounds what one recipient can store before acting: a few files per ATTACHMENT field is plenty. */
export const MAX_ATTACHMENTS_PER_RECIPIENT = 20;

const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' };

const invalid = (message: string) => new AppError('VALIDATION_FAILED', 'Invalid attachment', [{ field: 'file', message }]);

/** PDF, PNG or JPEG by their first bytes (never by the name or the declared type); a PDF is inspected as documents are. */
async function contentTypeOf(bytes: Buffer): Promise<string> {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw invalid('must be a PDF, PNG or JPEG file');
  try {
    await inspectPdf(bytes);
  } catch (error) {
    if (!(error instanceof InvalidPdfError)) throw error;
    throw invalid(`invalid PDF content: ${error.message}`);
  }
  return 'application/pdf';
}

/**
 * POST /signing/v1/:token/attachments (public): a recipient with an ATTACHMENT field uploads a file for
 * it, while it is their turn and past any code step. The file is stored and its SHA-256 kept; its id is
 * then the field's value in the sign request. An unused upload stays with the envelope, never shown.
 */
export async function uploadAttachment(deps: EnvelopeDeps, { token, file, requestId }: { token: string; file: AttachmentFile; requestId: string }): Promise<{ id: string }> {
  const access = await loadSigningAccess(deps, deps.db, token);
  assertReady(access);
  const { aggregate, recipient } = access;
  if (!aggregate.placements.some((placement) => placement.recipient_key === recipient.custom_key && placement.placement_type === 'ATTACHMENT')) {
    throw new AppError('CONFLICT', 'You have no ATTACHMENT field to upload a file for');
  }
  if ((aggregate.attachments ?? []).filter((row) => row.recipient_id === recipient.id).length >= MAX_ATTACHMENTS_PER_RECIPIENT) {
    throw new AppError('CONFLICT', `At most ${MAX_ATTACHMENTS_PER_RECIPIENT} files can be uploaded per recipient`);
  }
  const gate = await validationGate(deps, access, requestId);
  if (gate.required && !gate.verified) throw new AppError('FORBIDDEN', `${verifyFirst(gate)} before uploading`);
  if (file.bytes.length === 0) throw invalid('is empty');
  const contentType = await contentTypeOf(file.bytes);
  const id = uuidv7();
  // The extension tells the download its content type.
  const blobKey = `tenants/${aggregate.envelope.tenant_id}/envelopes/${aggregate.envelope.id}/attachments/${id}.${EXTENSIONS[contentType]}`;
  const stored = await deps.blobs.put(blobKey, file.bytes, { contentType });
  const row: FieldAttachmentRow = {
    id, envelope_id: aggregate.envelope.id, recipient_id: recipient.id, file_name: file.name, content_type: contentType,
    blob_key: blobKey, sha256: stored.sha256, file_size: stored.size, created_at: deps.clock()
  };
  await deps.db('field_attachments').insert(row);
  return { id };
}
