import { AUTOMATIC_FIELD_TYPES, checkFieldValues, type FieldError, FieldPreviewRequest, type FieldPreviewResponse } from '@signet/contracts';
import { AppError, parseWith } from '@signet/http';
import { language as languageOf } from '@signet/i18n';
import type { EnvelopeDeps } from '../envelope-deps';
import { fieldsOf } from '../fields/field-definition-of';
import { tooLongProblem, valueLayout } from '../fields/value-fit';
import { loadSigningAccess } from './signing-access';
import { assertReady } from './signing-state';

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
  // Each value as signing would take it (NAME and SIGNING_DATE are Signet's own, whatever was sent).
  const context = { recipientName: recipient.name, signingDate: deps.clock().toISOString().slice(0, 10), attachmentIds: new Set(attachments.map((file) => file.id)) };
  const details: FieldError[] = [];
  const fields: FieldPreviewResponse['fields'] = {};
  for (const [name, raw] of Object.entries(submitted)) {
    const entry = mine.get(name);
    if (entry === undefined) {
      details.push({ field: `fields.${name}`, message: 'is not a field of this recipient' });
      continue;
    }
    const checked = checkFieldValues([entry.field], AUTOMATIC_FIELD_TYPES.includes(entry.field.type) ? {} : { [name]: raw }, context);
    if (!checked.valid) {
      details.push(...checked.details);
      continue;
    }
    const value = checked.values[name];
    if (value === undefined) continue;
    const layout = await valueLayout(entry.placement, value, attachments, language);
    if (layout === null) details.push(tooLongProblem(name));
    else fields[name] = layout;
  }
  if (details.length > 0) throw new AppError('VALIDATION_FAILED', 'Invalid field values', details);
  return { fields };
}
