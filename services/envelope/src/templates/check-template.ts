import { isTrue, TemplateRequest, validateEnvelopeDefinition, type PlacementInput, type Settings, type TemplateRecipientInput } from '@signet/contracts';
import { validationError } from '@signet/http';
import { findEnvelopeErrors } from '../check-envelope';
import { sortedKeys, toPlacementRows } from '../components';
import { placementFitProblems } from '../fields/value-fit';
import type { DocumentRow, RecipientRow } from '../model';
import type { TemplateDocumentRow, TemplatePlacement, TemplateRecipient } from './template-model';

export function recipientsOf(input: Record<string, TemplateRecipientInput>): TemplateRecipient[] {
  return sortedKeys(input).map((key) => ({ key, ...input[key] }));
}

export function placementsOf(input: Record<string, PlacementInput>): TemplatePlacement[] {
  return sortedKeys(input).map((key) => ({ key, ...(input[key] as PlacementInput) }));
}

export const recipientRecord = (recipients: TemplateRecipient[]) => Object.fromEntries(recipients.map(({ key, ...recipient }) => [key, recipient]));
export const placementRecord = (placements: TemplatePlacement[]) => Object.fromEntries(placements.map(({ key, ...placement }) => [key, placement]));

/** A template document as the envelope's checks read one. */
export function asDocumentRow(document: TemplateDocumentRow, envelopeId: string, now: Date): DocumentRow {
  const { template_id: _template, form_fields: _fields, ...row } = document;
  return { ...row, envelope_id: envelopeId, status: 'PENDING', upload_id: null, created_at: now, updated_at: now };
}

export interface TemplateParts {
  recipients: TemplateRecipient[];
  placements: TemplatePlacement[];
  documents: TemplateDocumentRow[];
  bytes: Map<string, Uint8Array>;
  settings: Settings;
}

/**
 * A template is a definition, never in ERROR: what would put an envelope in ERROR (a placement on an
 * unknown recipient or document, a page beyond the document, a token not in its text) is a 422 here.
 * A recipient's phone may still come with each use, so a missing one is not a problem yet.
 */
export async function checkTemplate(parts: TemplateParts, now: Date): Promise<void> {
  const details = [];
  if (parts.documents.length === 0) details.push({ field: 'documents', message: 'a template needs at least one document' });
  const placements = toPlacementRows(placementRecord(parts.placements), '', now);
  const names = new Map(parts.recipients.flatMap((recipient) => (recipient.name ? [[recipient.key, recipient.name] as const] : [])));
  details.push(...(await placementFitProblems(placements, names)));
  const errors = await findEnvelopeErrors({
    documents: parts.documents.map((document) => asDocumentRow(document, document.template_id, now)),
    recipients: parts.recipients.map((recipient) => ({ custom_key: recipient.key, phone: recipient.phone ?? null }) as RecipientRow),
    placements,
    settings: parts.settings,
    bytesOf: async (document) => parts.bytes.get(document.id) ?? new Uint8Array()
  });
  details.push(...errors.filter((error) => error.code !== 'PHONE_REQUIRED').map(({ field, message }) => ({ field, message })));
  if (details.length > 0) throw validationError(details);
}

/**
 * A template definition, checked as an envelope's, except that a read-only field may wait for its value:
 * each use prefills it (`fields[name]`), and a use that does not is refused.
 */
export function readTemplateDefinition(body: unknown): TemplateRequest {
  const result = validateEnvelopeDefinition(TemplateRequest, body);
  if (result.valid) return result.value;
  const placements = (body as { placements?: Record<string, { readonly?: unknown; default_value?: unknown }> }).placements ?? {};
  const waitsForValue = (field: string) => {
    const match = /^placements\.([0-9]+)\.default_value$/.exec(field);
    const placement = match ? placements[match[1] as string] : undefined;
    return placement !== undefined && placement.default_value === undefined && isTrue(placement.readonly as string | boolean | undefined, false);
  };
  const details = result.details.filter((detail) => !waitsForValue(detail.field));
  if (details.length > 0) throw validationError(details);
  return body as TemplateRequest;
}
