import { validationsFor, type EnvelopeError, type EnvelopeWarning, type Settings } from '@signet/contracts';
import { findTextTokens, InvalidPdfError } from '@signet/pdf';
import type { DocumentRow, PlacementRow, RecipientRow } from './model';

export interface EnvelopeParts {
  documents: DocumentRow[];
  recipients: RecipientRow[];
  placements: PlacementRow[];
  settings: Settings;
  /** The PDF bytes of a document, for finding placement tokens in its text. */
  bytesOf(document: DocumentRow): Promise<Uint8Array>;
}

function placementError(placement: PlacementRow, field: string, code: string, message: string): EnvelopeError {
  return { field: `placements.${placement.custom_key}.${field}`, code, message };
}

function positionErrors(placement: PlacementRow, document: DocumentRow): EnvelopeError[] {
  if (placement.page === null) return [];
  if (placement.page >= document.page_count) {
    return [placementError(placement, 'coordinates.page', 'PAGE_OUT_OF_RANGE', `page ${placement.page} is beyond the document, which has ${document.page_count} page(s), numbered from 0`)];
  }
  const size = document.page_sizes[placement.page];
  if (size && ((placement.left ?? 0) > size.width || (placement.top ?? 0) > size.height)) {
    return [placementError(placement, 'coordinates', 'OUTSIDE_PAGE', `the position is outside page ${placement.page} (${size.width} x ${size.height} points)`)];
  }
  return [];
}

async function tokenErrors(placements: PlacementRow[], document: DocumentRow, parts: EnvelopeParts): Promise<EnvelopeError[]> {
  const tokens = [...new Set(placements.map((placement) => placement.token).filter((token): token is string => token !== null))];
  if (tokens.length === 0) return [];
  let found: Awaited<ReturnType<typeof findTextTokens>>;
  try {
    found = await findTextTokens(await parts.bytesOf(document), tokens);
  } catch (error) {
    // A verdict on the document's text (a search over its limits) is fixed by another document or by
    // coordinates, like a missing token; running out of capacity is not a verdict and propagates (503).
    if (!(error instanceof InvalidPdfError)) throw error;
    return placements
      .filter((placement) => placement.token !== null)
      .map((placement) => placementError(placement, 'token', 'TOKEN_SEARCH_FAILED', `the text of document ${document.custom_key} could not be searched: ${error.message}`));
  }
  return placements
    .filter((placement) => placement.token !== null && (found[placement.token]?.length ?? 0) === 0)
    .map((placement) => placementError(placement, 'token', 'TOKEN_NOT_FOUND', `the token "${placement.token}" does not appear in document ${document.custom_key}`));
}

/**
 * Problems a later update can fix: they put the envelope in ERROR (it cannot be sent) instead of
 * refusing the request. Syntax errors never get here: they are 422s and nothing is stored.
 */
export async function findEnvelopeErrors(parts: EnvelopeParts): Promise<EnvelopeError[]> {
  const documents = new Map(parts.documents.map((document) => [document.custom_key, document]));
  const recipients = new Set(parts.recipients.map((recipient) => recipient.custom_key));
  const errors: EnvelopeError[] = [];
  const placementsByDocument = new Map<DocumentRow, PlacementRow[]>();
  for (const placement of parts.placements) {
    const document = documents.get(placement.document_key);
    if (!recipients.has(placement.recipient_key)) {
      errors.push(placementError(placement, 'recipient_key', 'UNKNOWN_RECIPIENT', `no recipient has the key "${placement.recipient_key}"`));
    }
    if (!document) {
      errors.push(placementError(placement, 'document_key', 'UNKNOWN_DOCUMENT', `no document has the key "${placement.document_key}"`));
      continue;
    }
    if (document.file_type === 'ATTACHMENT') {
      errors.push(placementError(placement, 'document_key', 'ATTACHMENT_NOT_SIGNABLE', `document "${document.custom_key}" is an attachment and cannot carry signatures`));
      continue;
    }
    errors.push(...positionErrors(placement, document));
    placementsByDocument.set(document, [...(placementsByDocument.get(document) ?? []), placement]);
  }
  for (const [document, placements] of placementsByDocument) errors.push(...(await tokenErrors(placements, document, parts)));
  const recipientIdentity = parts.recipients.filter((recipient) => recipient.validations).flatMap((recipient) =>
    identityErrors(validationsFor(parts.settings.validations, recipient.validations), `recipients.${recipient.custom_key}.validations`));
  return [...errors, ...phoneErrors(parts), ...identityErrors(parts.settings.validations, 'settings.validations'), ...recipientIdentity];
}

/**
 * `phone` is required when phone validation is enabled. The setting may come from the key's
 * defaults rather than the request, and an update can add the phones or switch the setting off, so a
 * missing phone puts the envelope in ERROR rather than refusing the request.
 */
function phoneErrors(parts: EnvelopeParts): EnvelopeError[] {
  // Envelopes stored before phone validation existed have no `validations.phone`: off.
  if (parts.settings.validations.phone?.enabled !== true) return [];
  return parts.recipients.filter((recipient) => recipient.phone === null).map((recipient) => ({
    field: `recipients.${recipient.custom_key}.phone`,
    code: 'PHONE_REQUIRED',
    message: 'a phone number is required when phone validation is enabled (settings.validations.phone.enabled)'
  }));
}

/**
 * The selfie is compared with the identity document's portrait, so the biometric check needs the ID
 * check, on the same provider (Stripe matches the selfie inside its own session). Like a missing phone,
 * either may come from the key's defaults, so it is an ERROR a later update fixes, not a 422.
 */
function identityErrors(validations: Settings['validations'], at: string): EnvelopeError[] {
  const { id_check: idCheck, biometric } = validations;
  if (biometric?.enabled !== true) return [];
  if (idCheck?.enabled !== true) {
    return [{ field: `${at}.biometric.enabled`, code: 'ID_CHECK_REQUIRED', message: 'the selfie check compares the face with the identity document: enable settings.validations.id_check too' }];
  }
  if (idCheck.provider !== biometric.provider) {
    return [{ field: `${at}.biometric.provider`, code: 'PROVIDER_MISMATCH', message: `the selfie check must use the identity check's provider (${idCheck.provider})` }];
  }
  return [];
}

export function envelopeWarnings(settings: Settings): EnvelopeWarning[] {
  if (settings.signature.type !== 'QUALIFIED_CHILE') return [];
  return [{ code: 'QUALIFIED_PROVIDER_NOT_CONFIGURED', message: 'No qualified signature provider is configured: the envelope is sealed as a FULL signature' }];
}
