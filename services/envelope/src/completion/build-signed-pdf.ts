import { isFieldType, localizationFor } from '@signet/contracts';
import { language as languageOf } from '@signet/i18n';
import { renderTemplate } from '@signet/mail';
import { addLongTermValidation, sealPdf, type SignedRecipient, stampSignedPdf } from '@signet/signed-pdf';
import type { DocumentRow, EnvelopeAggregate } from '../model';
import { resolvePlacements, type PlacementPosition } from '../signing/resolve-placements';

type ActPosition = PlacementPosition & { placement: { placement_type: 'SIGNATURE' | 'APPROVAL' | 'WITNESS' } };
const isActPosition = (position: PlacementPosition): position is ActPosition => !isFieldType(position.placement.placement_type);
import type { SealIdentity } from '../seal/seal-identity';
import { placedValues } from './placed-values';

/**
 * One SIGNABLE document's signed PDF: each recipient's signature at their placements on it, each field's
 * value at its place (as text), the others' signatures on pages appended at the end, the Document ID on every page when enabled, then the seal.
 * `signature.style` picks the stamp; `background` is `signature.bg_image`, fetched once per envelope.
 */
export async function buildSignedPdf(
  aggregate: EnvelopeAggregate, document: DocumentRow, original: Buffer, signers: Map<string, SignedRecipient>, seal: SealIdentity,
  background: Uint8Array | null = null
): Promise<Uint8Array> {
  const { settings } = aggregate.envelope;
  // The document is everyone's: its captions and extra pages are in the envelope's language.
  const language = languageOf(settings.signature_flow.language);
  const all = await resolvePlacements(document, aggregate.placements, async () => original);
  const positions = all.flatMap((position) => (isActPosition(position) ? [position] : []));
  const placed = new Set(positions.map((position) => position.placement.recipient_key));
  const signer = (key: string) => {
    const found = signers.get(key);
    if (!found) throw new Error(`Placement for unknown recipient ${key}`);
    return found;
  };
  const localization = localizationFor(settings.localization, language);
  const stamped = await stampSignedPdf({
    pdf: original,
    documentId: document.id,
    documentIdLabel: settings.documents.document_id_enabled ? settings.documents.custom_page_id : undefined,
    language: language.code,
    style: settings.signature.style,
    ...(background ? { background } : {}),
    placements: positions.map((position) => ({
      type: position.placement.placement_type, page: position.page, left: position.left, top: position.top, recipient: signer(position.placement.recipient_key),
      ...(position.cover ? { cover: position.cover } : {})
    })),
    values: placedValues(all.filter((position) => !isActPosition(position)), aggregate),
    extraPages: {
      // Whoever acted without a placement of their act on this document: a VIEWER or a CC leaves no mark.
      recipients: aggregate.recipients.filter((recipient) => !placed.has(recipient.custom_key) && signers.has(recipient.custom_key)).map((recipient) => signer(recipient.custom_key)),
      intro: renderTemplate(localization.extra_page_intro, { 'envelope.name': aggregate.envelope.name }, 'text'),
      signaturesPerPage: settings.documents.signatures_per_page,
      signaturesPerRow: settings.documents.signatures_per_row
    }
  });
  return sealWithLongTermValidation(stamped, seal, 'Signed by every recipient');
}

/**
 * Seals with the service's key: PAdES B-LTA when a timestamp source is configured (signature
 * timestamp, /DSS with chains and CRLs, document timestamp), else B-B.
 */
export async function sealWithLongTermValidation(pdf: Uint8Array, seal: SealIdentity, reason: string): Promise<Uint8Array> {
  if (!seal.timestamper) return sealPdf(pdf, { signer: seal.signer, reason });
  const sealed = await sealPdf(pdf, { signer: seal.signer, reason, timestamper: seal.timestamper });
  return addLongTermValidation(sealed, await seal.validationData(), seal.timestamper);
}
