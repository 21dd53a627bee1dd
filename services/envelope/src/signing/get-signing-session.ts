import { signatureLevel, type SigningSessionResponse } from '@signet/contracts';
import { awaitsConsent, consumerConsentStatus } from '../consumer-consent/consent-gate';
import type { EnvelopeDeps } from '../envelope-deps';
import { readBlob } from '../documents/read-blob';
import { maskPhone } from '../phone-number';
import { iso } from '../present/iso';
import { loadSigningAccess, type SigningAccess } from './signing-access';
import { resolvePlacements } from './resolve-placements';
import { documentsLocked, validationGate } from './validation-gate';
import { AUTOMATIC_FIELD_TYPES } from '@signet/contracts';
import { fieldDefinitionOf } from '../fields/field-definition-of';
import type { PlacementRow, RecipientRow } from '../model';
import { recordView } from './record-view';

async function documentsFor(deps: EnvelopeDeps, access: SigningAccess) {
  const { aggregate, recipient } = access;
  const placements = aggregate.placements.filter((placement) => placement.recipient_key === recipient.custom_key);
  return Promise.all(aggregate.documents.map(async (document) => ({
    id: document.id,
    name: document.file_name,
    type: document.file_type,
    page_count: document.page_count,
    page_sizes: document.page_sizes,
    url: await deps.links(document),
    placements: (await resolvePlacements(document, placements, () => readBlob(deps.blobs, document.blob_key))).map((position) => ({
      id: position.placement.id,
      type: position.placement.placement_type,
      page: position.page,
      left: position.left,
      top: position.top,
      ...fieldView(position.placement, recipient, deps.clock())
    }))
  })));
}

/** What the page needs to ask for a field's value (nothing more for a signature): NAME and SIGNING_DATE show the value they will take. */
function fieldView(placement: PlacementRow, recipient: RecipientRow, now: Date) {
  const field = fieldDefinitionOf(placement);
  if (field === null) return {};
  const shown = field.type === 'NAME' ? recipient.name : field.type === 'SIGNING_DATE' ? now.toISOString().slice(0, 10) : field.default_value;
  return {
    name: field.name, required: field.required, readonly: field.readonly || AUTOMATIC_FIELD_TYPES.includes(field.type), default_value: shown,
    options: [...field.options], pattern: field.pattern, min: field.min, max: field.max,
    width: placement.width ?? null, height: placement.height ?? null
  };
}

/**
 * GET /signing/v1/:token (public, through the gateway without a key): what a signer page needs. Documents
 * are shown only when the link can sign now (READY), once the recipient consented where the envelope asks
 * (signature_flow.consumer_consent) and, with validation order 0, once the code is verified.
 */
export async function getSigningSession(deps: EnvelopeDeps, { token, requestId }: { token: string; requestId: string }): Promise<Omit<SigningSessionResponse, 'request_id'>> {
  let access = await loadSigningAccess(deps, deps.db, token);
  const gate = await validationGate(deps, access, requestId);
  const consent = await consumerConsentStatus(deps.db, access);
  const documentsVisible = access.state === 'READY' && !documentsLocked(gate) && !awaitsConsent(consent);
  if (documentsVisible && access.recipient.role === 'VIEWER' && access.recipient.status === 'IN_PROGRESS') {
    await recordView(deps, token, requestId);
    access = await loadSigningAccess(deps, deps.db, token);
  }
  const { envelope } = access.aggregate;
  const { recipient, state } = access;
  const flow = envelope.settings.signature_flow;
  return {
    state,
    envelope: {
      id: envelope.id,
      name: envelope.name,
      // The language this signer reads: their own (recipients[k][language]), else the envelope's.
      language: recipient.language ?? flow.language,
      branding: { name: envelope.settings.branding.name, logo: envelope.settings.branding.logo, url_homepage: envelope.settings.branding.url_homepage },
      signature_types: flow.signature_types.split(',') as SigningSessionResponse['envelope']['signature_types'],
      signature_color: flow.signature_color,
      signature_level: signatureLevel(envelope.settings)
    },
    recipient: {
      id: recipient.id, name: recipient.name, email: recipient.email,
      // Masked as on the signer page: whoever holds a forwarded link learns where the code went, not the number.
      masked_phone: recipient.phone === null ? null : maskPhone(recipient.phone),
      order: recipient.order, status: recipient.status, signed_at: iso(recipient.signed_at),
      role: recipient.role ?? 'SIGNER'
    },
    validation: gate,
    consumer_consent: consent,
    documents: documentsVisible ? await documentsFor(deps, access) : []
  };
}
