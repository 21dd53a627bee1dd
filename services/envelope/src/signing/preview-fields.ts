import { checkFieldValue, type FieldDefinition, type FieldError, FieldPreviewRequest, type FieldPreviewResponse, type FieldValueCheck } from '@signet/contracts';
import { AppError, parseWith } from '@signet/http';
import { language as languageOf } from '@signet/i18n';
import type { EnvelopeDeps } from '../envelope-deps';
import { fieldsOf } from '../fields/field-definition-of';
import { tooLongProblem, valueLayout } from '../fields/value-fit';
import type { RecipientRow } from '../model';
import { loadSigningAccess } from './signing-access';
import { assertReady } from './signing-state';

/** A field's value as signing would take it: NAME and SIGNING_DATE are Signet's own, the others the one sent. */
function valueToPreview(field: FieldDefinition, raw: unknown, recipient: RecipientRow, now: Date, attachmentIds: ReadonlySet<string>): FieldValueCheck {
  if (field.type === 'NAME') return { valid: true, value: recipient.name };
  if (field.type === 'SIGNING_DATE') return { valid: true, value: now.toISOString().slice(0, 10) };
  return checkFieldValue(field, raw, attachmentIds);
}

/**
 * POST /signing/v1/:token/fields/preview (public): how the signed document will show the values a signer
 * is about to give, so that the page shows them as the document will. A value that signing would refuse
 * (invalid, or too long for its box) is a 422 naming the field. Nothing is recorded.
 */
export async function previewFields(deps: EnvelopeDeps, { token, body }: { token: string; body: unknown }): Promise<Omit<FieldPreviewResponse, 'request_id'>> {
  const access = await loadSigningAccess(deps, deps.db, token);
  assertReady(access);
  const { fields: submitted } = parseWith(FieldPreviewRequest, body ?? {});
  const { aggregate, recipient } = access;
  const mine = new Map(fieldsOf(aggregate.placements, recipient.custom_key).map((entry) => [entry.field.name, entry]));
  const attachments = (aggregate.attachments ?? []).filter((file) => file.recipient_id === recipient.id);
  // The document is everyone's: its words (a tick box's yes or no) are in the envelope's language.
  const language = languageOf(aggregate.envelope.settings.signature_flow.language).code;
  const details: FieldError[] = [];
  const fields: FieldPreviewResponse['fields'] = {};
  for (const [name, raw] of Object.entries(submitted)) {
    const entry = mine.get(name);
    if (entry === undefined) {
      details.push({ field: `fields.${name}`, message: 'is not a field of this recipient' });
      continue;
    }
    const checked = valueToPreview(entry.field, raw, recipient, deps.clock(), new Set(attachments.map((file) => file.id)));
    if (!checked.valid) {
      details.push({ field: `fields.${name}`, message: checked.message });
      continue;
    }
    const layout = await valueLayout(entry.placement, checked.value, attachments, language);
    if (layout === null) details.push(tooLongProblem(name));
    else fields[name] = layout;
  }
  if (details.length > 0) throw new AppError('VALIDATION_FAILED', 'Invalid field values', details);
  return { fields };
}
