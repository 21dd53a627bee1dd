import type { EnvelopeAggregate, RecipientRow } from '../model';
import type { DocumentLinks } from './document-links';
import { envelopePayload } from './envelope-payload';
import { iso } from './iso';

export function signerView(recipient: RecipientRow) {
  return {
    id: recipient.id,
    custom_key: recipient.custom_key,
    name: recipient.name,
    email: recipient.email,
    order: recipient.order,
    status: recipient.status,
    signed_at: iso(recipient.signed_at),
    role: recipient.role ?? 'SIGNER',
    witness_of: recipient.witness_of ?? null,
    identity: recipient.identity ?? null
  };
}

/** The answer of POST /envelopes: the envelope's summary, plus the errors that put a new envelope in ERROR. */
export function envelopeSummary(aggregate: EnvelopeAggregate) {
  const { envelope } = aggregate;
  return {
    id: envelope.id,
    name: envelope.name,
    status: envelope.status,
    created_at: iso(envelope.created_at),
    envelope_signers: aggregate.recipients.map(signerView),
    errors: envelope.errors,
    warnings: envelope.warnings,
    metadata: envelope.metadata,
    template_id: envelope.template_id ?? null
  };
}

/**
 * GET /envelopes/:id (and the answers of update and void): the envelope's fields, with documents, placements,
 * effective settings (as GET /settings shows them) and errors. Documents carry `type` as on input.
 */
export async function envelopeView(aggregate: EnvelopeAggregate, links: DocumentLinks) {
  const payload = await envelopePayload(aggregate, links);
  return {
    ...envelopeSummary(aggregate),
    updated_at: payload.updated_at,
    sent_at: payload.sent_at,
    completed_at: payload.completed_at,
    expires_at: payload.expires_at ?? null,
    documents: payload.documents.map(({ file_type, ...document }, index) => ({
      ...document,
      type: file_type,
      sha256: aggregate.documents[index]?.sha256,
      original_sha256: aggregate.documents[index]?.original_sha256 ?? aggregate.documents[index]?.sha256
    })),
    placements: payload.placements,
    fields: payload.fields,
    settings: aggregate.envelope.settings,
    void_reason: aggregate.envelope.void_reason ?? null
  };
}
