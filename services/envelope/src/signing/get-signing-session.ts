import type { SigningSessionResponse } from '@signet/contracts';
import type { EnvelopeDeps } from '../envelope-deps';
import { readBlob } from '../documents/read-blob';
import { maskPhone } from '../phone-number';
import { iso } from '../present/iso';
import { loadSigningAccess, type SigningAccess } from './signing-access';
import { resolvePlacements } from './resolve-placements';
import { documentsLocked, validationGate } from './validation-gate';

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
      top: position.top
    }))
  })));
}

/**
 * GET /signing/v1/:token (public, through the gateway without a key): what a signer page needs. Documents
 * are shown only when the link can sign now (READY) and, with validation order 0, once the code is verified.
 */
export async function getSigningSession(deps: EnvelopeDeps, { token, requestId }: { token: string; requestId: string }): Promise<Omit<SigningSessionResponse, 'request_id'>> {
  const access = await loadSigningAccess(deps, deps.db, token);
  const { envelope } = access.aggregate;
  const { recipient, state } = access;
  const gate = await validationGate(deps, access, requestId);
  const documentsVisible = state === 'READY' && !documentsLocked(gate);
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
      signature_color: flow.signature_color
    },
    recipient: {
      id: recipient.id, name: recipient.name, email: recipient.email,
      // Masked as on the signer page: whoever holds a forwarded link learns where the code went, not the number.
      masked_phone: recipient.phone === null ? null : maskPhone(recipient.phone),
      order: recipient.order, status: recipient.status, signed_at: iso(recipient.signed_at)
    },
    validation: gate,
    documents: documentsVisible ? await documentsFor(deps, access) : []
  };
}
