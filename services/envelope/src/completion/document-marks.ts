import { isFieldType, localizationFor } from '@signet/contracts';
import { language as languageOf } from '@signet/i18n';
import { renderTemplate } from '@signet/mail';
import type { SignedRecipient, StampSignedPdfInput } from '@signet/signed-pdf';
import type { DocumentRow, EnvelopeAggregate } from '../model';
import { resolvePlacements, type PlacementPosition } from '../signing/resolve-placements';
import { placedValues } from './placed-values';

type ActPosition = PlacementPosition & { placement: { placement_type: 'SIGNATURE' | 'APPROVAL' | 'WITNESS' } };
const isActPosition = (position: PlacementPosition): position is ActPosition => !isFieldType(position.placement.placement_type);

/**
 * Which marks: all of them (a sealed document); one act's, for its revision (the first revision also
 * labels every page with the Document ID); or what is left at completion, the extra pages after the
 * pages the revision has (labelled too: set `labelPagesFrom` to its page count).
 */
export type MarksOf = { kind: 'all' } | { kind: 'act'; recipientKey: string; firstRevision: boolean } | { kind: 'last pages' };

export type DocumentMarks = Omit<StampSignedPdfInput, 'pdf'>;

/**
 * What is drawn on one SIGNABLE document: each recipient's signature at their placements, each field's
 * value at its place (as text), the others' signatures on pages appended at the end, and the Document ID
 * on every page when enabled. An act's marks are its recipient's placements and fields only; the last
 * pages come at completion, once everyone has acted. `signature.style` picks the stamp; `background` is
 * `signature.bg_image`, fetched once per envelope.
 */
export async function documentMarks(
  aggregate: EnvelopeAggregate, document: DocumentRow, readOriginal: () => Promise<Buffer>, signers: Map<string, SignedRecipient>, of: MarksOf,
  background: Uint8Array | null
): Promise<DocumentMarks> {
  const { settings } = aggregate.envelope;
  // The document is everyone's: its captions and extra pages are in the envelope's language.
  const language = languageOf(settings.signature_flow.language);
  // The original is read only when a placement's token must be found in it.
  const resolved = await resolvePlacements(document, aggregate.placements, readOriginal);
  const all = of.kind === 'act' ? resolved.filter((position) => position.placement.recipient_key === of.recipientKey) : of.kind === 'all' ? resolved : [];
  const positions = all.flatMap((position) => (isActPosition(position) ? [position] : []));
  const placed = new Set(resolved.filter(isActPosition).map((position) => position.placement.recipient_key));
  const signer = (key: string) => {
    const found = signers.get(key);
    if (!found) throw new Error(`Placement for unknown recipient ${key}`);
    return found;
  };
  const localization = localizationFor(settings.localization, language);
  const withLastPages = of.kind !== 'act';
  return {
    documentId: document.id,
    ...(labelled(of) && settings.documents.document_id_enabled ? { documentIdLabel: settings.documents.custom_page_id } : {}),
    language: language.code,
    style: settings.signature.style,
    ...(background ? { background } : {}),
    placements: positions.map((position) => ({
      type: position.placement.placement_type, page: position.page, left: position.left, top: position.top, recipient: signer(position.placement.recipient_key),
      ...(position.cover ? { cover: position.cover } : {})
    })),
    values: placedValues(all.filter((position) => !isActPosition(position)), aggregate),
    ...(withLastPages ? {
      extraPages: {
        // Whoever acted without a placement of their act on this document: a VIEWER or a CC leaves no mark.
        recipients: aggregate.recipients.filter((recipient) => !placed.has(recipient.custom_key) && signers.has(recipient.custom_key)).map((recipient) => signer(recipient.custom_key)),
        intro: renderTemplate(localization.extra_page_intro, { 'envelope.name': aggregate.envelope.name }, 'text'),
        signaturesPerPage: settings.documents.signatures_per_page,
        signaturesPerRow: settings.documents.signatures_per_row
      }
    } : {})
  };
}

function labelled(of: MarksOf): boolean {
  return of.kind !== 'act' || of.firstRevision;
}
