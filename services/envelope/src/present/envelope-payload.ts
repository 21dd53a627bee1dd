import { EnvelopePayload, RecipientPayload, splitOptions, toSettingsPayload } from '@signet/contracts';
import type { EnvelopeAggregate, PlacementRow, RecipientRow } from '../model';
import type { DocumentLinks } from './document-links';
import { fieldsPayload } from './fields-payload';
import { iso } from './iso';

export function recipientPayload(recipient: RecipientRow): RecipientPayload {
  return {
    id: recipient.id,
    envelope_id: recipient.envelope_id,
    custom_key: recipient.custom_key,
    order: recipient.order,
    status: recipient.status,
    created_at: iso(recipient.created_at),
    updated_at: iso(recipient.updated_at),
    name: recipient.name,
    name_label: null,
    email: recipient.email,
    email_label: null,
    tax_id: recipient.tax_id,
    tax_label: recipient.tax_label,
    rep_id: recipient.rep_id,
    rep_label: recipient.rep_label,
    signed_at: iso(recipient.signed_at),
    role: recipient.role ?? 'SIGNER',
    witness_of: recipient.witness_of ?? null
  };
}

function placementPayload(placement: PlacementRow, aggregate: EnvelopeAggregate) {
  const positioned = placement.page !== null && placement.top !== null && placement.left !== null;
  return {
    id: placement.id,
    custom_key: placement.custom_key,
    placement_type: placement.placement_type,
    created_at: iso(placement.created_at),
    updated_at: iso(placement.updated_at),
    recipient_id: aggregate.recipients.find((recipient) => recipient.custom_key === placement.recipient_key)?.id ?? null,
    recipient_key: placement.recipient_key,
    document_id: aggregate.documents.find((document) => document.custom_key === placement.document_key)?.id ?? null,
    document_key: placement.document_key,
    order: placement.order,
    coordinates: positioned ? { id: placement.id, top: String(placement.top), left: String(placement.left), page: String(placement.page) } : null,
    token: placement.token,
    name: placement.name ?? null,
    required: placement.required ?? null,
    readonly: placement.readonly ?? null,
    default_value: placement.default_value ?? null,
    options: placement.options == null ? null : splitOptions(placement.options),
    pattern: placement.pattern ?? null,
    min: placement.min ?? null,
    max: placement.max ?? null,
    width: placement.width ?? null,
    height: placement.height ?? null
  };
}

/** The envelope object as webhook payloads carry it: every envelope event's `data`. */
export async function envelopePayload(aggregate: EnvelopeAggregate, links: DocumentLinks): Promise<EnvelopePayload> {
  const { envelope } = aggregate;
  return {
    id: envelope.id,
    name: envelope.name,
    status: envelope.status,
    created_at: iso(envelope.created_at),
    updated_at: iso(envelope.updated_at),
    sent_at: iso(envelope.sent_at),
    completed_at: iso(envelope.completed_at),
    expires_at: iso(envelope.expires_at ?? null),
    documents: await Promise.all(aggregate.documents.map(async (document) => ({
      id: document.id,
      custom_key: document.custom_key,
      file_type: document.file_type,
      order: document.order,
      status: document.status,
      created_at: iso(document.created_at),
      updated_at: iso(document.updated_at),
      file_name: document.file_name,
      content_type: 'application/pdf',
      file_size: document.file_size,
      page_count: document.page_count,
      url: await links(document),
      sha256: document.sha256,
      original_sha256: document.original_sha256 ?? document.sha256
    }))),
    recipients: aggregate.recipients.map(recipientPayload),
    placements: aggregate.placements.map((placement) => placementPayload(placement, aggregate)),
    fields: await fieldsPayload(aggregate, links),
    settings: toSettingsPayload(envelope.settings),
    errors: envelope.errors,
    warnings: envelope.warnings,
    metadata: envelope.metadata,
    template_id: envelope.template_id ?? null,
    void_reason: envelope.void_reason ?? null
  };
}
