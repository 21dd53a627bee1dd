import type { EnvelopeField } from '@signet/contracts';
import { fieldDefinitionOf } from '../fields/field-definition-of';
import type { EnvelopeAggregate, FieldAttachmentRow } from '../model';
import type { DocumentLinks } from './document-links';
import { iso } from './iso';

async function attachmentValue(file: FieldAttachmentRow | undefined, links: DocumentLinks) {
  if (!file) return null;
  return { id: file.id, name: file.file_name, sha256: file.sha256, url: links.attachment ? await links.attachment(file) : null };
}

/**
 * Every field of the envelope with its value once filled (`recipientId`: only that recipient's), as
 * GET /api/v1/envelopes/:id and the payloads show them; an ATTACHMENT's value is its file.
 */
export async function fieldsPayload(aggregate: EnvelopeAggregate, links: DocumentLinks, recipientId?: string): Promise<EnvelopeField[]> {
  const fields: EnvelopeField[] = [];
  for (const placement of aggregate.placements) {
    const field = fieldDefinitionOf(placement);
    if (field === null) continue;
    const recipient = aggregate.recipients.find((candidate) => candidate.custom_key === placement.recipient_key);
    if (recipientId !== undefined && recipient?.id !== recipientId) continue;
    const filled = aggregate.fieldValues?.find((row) => row.placement_id === placement.id);
    const value = filled === undefined || field.type !== 'ATTACHMENT'
      ? filled?.value ?? null
      : await attachmentValue(aggregate.attachments?.find((file) => file.id === filled.value), links);
    fields.push({
      id: placement.id,
      name: field.name,
      type: field.type,
      recipient_id: recipient?.id ?? null,
      document_id: aggregate.documents.find((document) => document.custom_key === placement.document_key)?.id ?? null,
      value,
      filled_at: iso(filled?.filled_at ?? null)
    });
  }
  return fields;
}
